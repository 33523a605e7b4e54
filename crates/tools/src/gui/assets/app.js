// The page of `sumito gui`: a view of the game the server keeps. It draws each snapshot the
// server pushes (server-sent events), and turns clicks and typed moves into requests. The rules
// are the server's: the page only matches clicks against the legal moves it was sent.
'use strict';

const SVGNS = 'http://www.w3.org/2000/svg';
const ROWS = 'abcdefghi';
const ROOT3 = Math.sqrt(3) / 2;
const TIME_CONTROLS = [
  ['movetime=200', '0.2 s a move'], ['movetime=1000', '1 s a move'],
  ['movetime=3000', '3 s a move'], ['60+1', '1 min + 1 s'], ['300+3', '5 min + 3 s'],
  ['depth=2', 'depth 2'], ['depth=5', 'depth 5'],
];

let state = null;          // the last snapshot
let receivedAt = 0;        // when it came, for the clocks
let selection = [];        // cells of the marbles selected by clicks
let flipped = false;       // White at the bottom
let flipKey = '';          // the game whose orientation was last chosen
let flipHuman = null;      // the person's colour in that game
let notice = null;         // {text, error}: a message of the page's own
const $ = (selector) => document.querySelector(selector);

// ---- geometry ----------------------------------------------------------------------------
function coords(cell) { return [ROWS.indexOf(cell[0]), Number(cell.slice(1))]; }
function point(row, col) {
  const x = (col - 1) - row / 2 - 2;
  const y = (4 - row) * ROOT3;
  return flipped ? [-x, -y] : [x, y];
}
function cellPoint(cell) { const [r, c] = coords(cell); return point(r, c); }
function allCells() {
  const cells = [];
  for (let r = 0; r < 9; r++) {
    for (let c = Math.max(1, r - 3); c <= Math.min(9, r + 5); c++) cells.push(ROWS[r] + c);
  }
  return cells;
}
const CELLS = allCells();

function svg(name, attributes, parent) {
  const element = document.createElementNS(SVGNS, name);
  for (const [key, value] of Object.entries(attributes || {})) element.setAttribute(key, value);
  if (parent) parent.appendChild(element);
  return element;
}

// ---- the board ---------------------------------------------------------------------------
function drawDefs(board) {
  const defs = svg('defs', {}, board);
  const gradient = (id, stops) => {
    const g = svg('radialGradient', { id, cx: '35%', cy: '30%', r: '75%' }, defs);
    stops.forEach(([offset, colour]) => svg('stop', { offset, 'stop-color': colour }, g));
  };
  gradient('black-marble', [['0%', '#7a7f87'], ['35%', '#2b2e33'], ['100%', '#050607']]);
  gradient('white-marble', [['0%', '#ffffff'], ['55%', '#ece8df'], ['100%', '#b9b3a6']]);
  const shine = svg('radialGradient', { id: 'shine', cx: '35%', cy: '30%', r: '60%' }, defs);
  svg('stop', { offset: '0%', 'stop-color': '#ffffff', 'stop-opacity': '0.45' }, shine);
  svg('stop', { offset: '100%', 'stop-color': '#ffffff', 'stop-opacity': '0' }, shine);
  const wood = svg('linearGradient', { id: 'board-fill', x1: '0', y1: '0', x2: '0', y2: '1' }, defs);
  svg('stop', { offset: '0%', 'stop-color': '#4a5b6d' }, wood);
  svg('stop', { offset: '100%', 'stop-color': '#33414f' }, wood);
  const marker = svg('marker', { id: 'arrow-head', viewBox: '0 0 10 10', refX: '5', refY: '5',
    markerWidth: '3', markerHeight: '3', orient: 'auto-start-reverse' }, defs);
  svg('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: '#e4572e' }, marker);
}

// The frame stands at 1.2 times the cells' distance from the centre; a coordinate stands this
// many cell spacings beyond the outermost cell of its row or column, which puts the middle of
// its text half a cell spacing outside the frame's edge, in either orientation.
const FRAME_SCALE = 1.2;
const FRAME_STROKE = 0.12;
const LABEL_STEPS = 1.45;
// Half the width and height of a coordinate's text (font size .34), with a little air.
const LABEL_HALF = 0.2;

// Draws the frame and the coordinates; returns the box they fill, [x0, y0, x1, y1].
function drawFrame(board) {
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  const include = (x, y, half) => {
    box[0] = Math.min(box[0], x - half); box[1] = Math.min(box[1], y - half);
    box[2] = Math.max(box[2], x + half); box[3] = Math.max(box[3], y + half);
  };
  const corners = ['a1', 'a5', 'e9', 'i9', 'i5', 'e1'].map((cell) => {
    const [x, y] = cellPoint(cell).map((v) => v * FRAME_SCALE);
    include(x, y, FRAME_STROKE);
    return `${x.toFixed(3)},${y.toFixed(3)}`;
  });
  svg('polygon', { points: corners.join(' '), class: 'frame', fill: 'url(#board-fill)', stroke: '#1f2933',
    'stroke-width': String(FRAME_STROKE), 'stroke-linejoin': 'round' }, board);
  const label = (x, y, text) => {
    include(x, y, LABEL_HALF);
    svg('text', { x: x.toFixed(3), y: y.toFixed(3), class: 'coord' }, board).textContent = text;
  };
  // A row's letter to the side of its first cell, a column's number beyond its first cell.
  for (let r = 0; r < 9; r++) label(...point(r, Math.max(1, r - 3) - LABEL_STEPS), ROWS[r].toUpperCase());
  for (let c = 1; c <= 9; c++) label(...point(Math.max(0, c - 5) - LABEL_STEPS, c), String(c));
  return box;
}

function drawCells(board, snapshot, targets) {
  const marbles = snapshot.board.marbles;
  const last = snapshot.last_move;
  for (const cell of CELLS) {
    const [x, y] = cellPoint(cell);
    const g = svg('g', { class: 'cell', 'data-cell': cell }, board);
    const colour = marbles[cell];
    if (colour) g.setAttribute('data-colour', colour);
    svg('circle', { cx: x, cy: y, r: 0.4, class: 'hole' }, g);
    if (colour && snapshot.multi) drawSeatMarble(g, x, y, colour);
    else if (colour) svg('circle', { cx: x, cy: y, r: 0.45, class: `marble ${colour}` }, g);
    if (last && last.l.includes(cell)) svg('circle', { cx: x, cy: y, r: 0.5, class: 'ring last-to' }, g);
    else if (last && last.g.includes(cell)) svg('circle', { cx: x, cy: y, r: 0.42, class: 'ring last-from' }, g);
    if (selection.includes(cell)) svg('circle', { cx: x, cy: y, r: 0.5, class: 'ring selected' }, g);
    if (targets.has(cell)) {
      svg('circle', { cx: x, cy: y, r: 0.14, class: 'target' }, g);
      // Pointing at a target shows where the marbles land before the click.
      g.addEventListener('pointerenter', () => showLanding(board, targets.get(cell)));
      g.addEventListener('pointerleave', () => showLanding(board, null));
    }
    g.addEventListener('click', () => clicked(cell));
  }
}

function centre(cells) {
  const points = cells.map(cellPoint);
  return [0, 1].map((i) => points.reduce((sum, p) => sum + p[i], 0) / points.length);
}

function drawArrow(board, move) {
  if (!move) return;
  // An inline move goes from its hindmost marble to the cell in front of the group; a
  // broadside one from the group to where it lands.
  const broadside = move.m.length === 6;
  const [x1, y1] = broadside ? centre(move.g) : cellPoint(move.m.slice(0, 2));
  const [x2, y2] = broadside ? centre(move.l) : cellPoint(move.t);
  svg('line', { x1, y1, x2, y2, class: 'arrow', 'marker-end': 'url(#arrow-head)' }, board);
}

// The selection's moves by the cell a click plays each on: one move a cell (the server makes
// each target mean one move).
function targetsOfSelection() {
  const targets = new Map();
  for (const move of movesOfSelection()) targets.set(move.t, move);
  return targets;
}

// Rings where `move` would land its marbles, or none.
function showLanding(board, move) {
  board.querySelectorAll('.landing').forEach((ring) => ring.remove());
  for (const cell of move ? move.l : []) {
    const [x, y] = cellPoint(cell);
    svg('circle', { cx: x, cy: y, r: 0.47, class: 'landing' }, board);
  }
}

function movesOfSelection() {
  if (!state || selection.length === 0) return [];
  const key = [...selection].sort().join(' ');
  return state.legal.filter((move) => [...move.g].sort().join(' ') === key);
}

let boardKey = '';          // what the board was last drawn from

function drawBoard() {
  const thinking = state.thinking;
  const arrow = thinking && thinking.arrow && selection.length === 0 ? thinking.arrow : null;
  // Redraw only when the picture changes: engine output comes many times a second.
  const key = JSON.stringify([state.board.fen, state.cursor, state.last_move, state.legal.length,
    selection, flipped, arrow && arrow.m]);
  if (key === boardKey) return;
  boardKey = key;
  const board = $('#board');
  board.replaceChildren();
  drawDefs(board);
  // The picture is cut to the frame and the coordinates, so that on a narrow screen the cells
  // are as large as the width allows.
  const [x0, y0, x1, y1] = drawFrame(board);
  const air = 0.05;
  board.setAttribute('viewBox', [x0 - air, y0 - air, x1 - x0 + 2 * air, y1 - y0 + 2 * air].map((v) => v.toFixed(3)).join(' '));
  drawCells(board, state, targetsOfSelection());
  drawArrow(board, arrow);
}

// ---- clicks --------------------------------------------------------------------------------
function lineProblem(cells) {
  if (cells.length > 3) return 'At most three marbles move together.';
  if (cells.length < 2) return null;
  const points = cells.map(coords).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const dr = points[1][0] - points[0][0];
  const dc = points[1][1] - points[0][1];
  const step = [[0, 1], [1, 0], [1, 1]].some(([a, b]) => a === dr && b === dc);
  const inLine = points.every((p, i) => i === 0 || (p[0] - points[i - 1][0] === dr && p[1] - points[i - 1][1] === dc));
  if (!step || !inLine) return 'The selected marbles must touch each other, in one straight line.';
  return null;
}

// Whether the last press on the board was a finger's: a finger cannot point at a target to see
// where a sideways move lands, so its first tap shows it and the second plays it.
let touched = false;
// The sideways move a first tap showed.
let shown = null;

function clicked(cell) {
  if (!state) return;
  const moves = movesOfSelection();
  // A shown target plays its move; another cell a single move lands on plays it too, but a
  // selected marble is taken out of the selection, whatever lands there.
  const landing = selection.includes(cell) ? null : unique(moves.filter((m) => m.l.includes(cell)));
  const move = moves.find((m) => m.t === cell) || landing;
  if (move && touched && move.m.length === 6 && shown !== move.m) {
    shown = move.m;
    showLanding($('#board'), move);
    say(`${move.m} lands on the rings: tap ${cell} again to play it.`);
    return;
  }
  shown = null;
  if (move) { selection = []; play(move.m); return; }
  if (state.legal.length === 0) {
    // In analysis every seat may move: no legal move means the game is over where it is shown,
    // or (three to six players) that the seat to move is blocked and passes.
    const over = state.result && state.cursor === state.moves.length;
    const none = state.multi ? 'No legal move here: type pass if this seat is blocked, or step back.'
      : 'No legal move here: the game is over in this position.';
    say(state.mode === 'analyse' ? none
      : over ? 'The game is over: start a new one, or analyse this one.'
      : state.mode === 'watch' ? 'The engines are playing this game.' : 'It is not your turn.', true);
    return;
  }
  // A marble of some legal move's group: the mover's own, or in team games a partner's that
  // an inline move carries.
  if (!state.legal.some((m) => m.g.includes(cell))) {
    const why = selection.length ? `${cell} is not a destination of the selected marbles.`
      : 'Click your own marbles (one to three in a line), then the cell where they go.';
    selection = [];
    say(why, true);
    redraw();
    return;
  }
  const next = selection.includes(cell) ? selection.filter((c) => c !== cell) : [...selection, cell];
  const problem = lineProblem(next);
  if (problem) { say(problem, true); return; }
  selection = next;
  if (selection.length && movesOfSelection().length === 0) say('These marbles have no legal move.', true);
  else say(selection.length ? 'Now click where they go (the green dots).' : null);
  redraw();
}

function unique(list) { return list.length === 1 ? list[0] : null; }

// ---- requests ----------------------------------------------------------------------------
async function api(path, body) {
  try {
    const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body || {}) });
    const data = await response.json().catch(() => ({ error: response.statusText }));
    if (!response.ok) { say(data.error || response.statusText, true); return null; }
    say(null);
    apply(data);
    return data;
  } catch (error) {
    say(`The server does not answer: ${error}`, true);
    return null;
  }
}

// The text of the records file last loaded, kept so that another of its games opens when the
// game number changes, and the game opens again after a move made in it started a new line.
let loaded = null;

// A move on a position before the game's end drops the later moves: the player is asked first,
// told how many, and the server plays it only with that count (`drop`).
function play(text) {
  const later = state ? state.moves.length - state.cursor : 0;
  if (later === 0) return api('/api/move', { move: text });
  const moves = later === 1 ? 'the later move' : `the ${later} later moves`;
  const kept = loaded !== null && state.mode === 'analyse'
    ? ' The loaded record stays in its file: "Open again" brings it back.' : '';
  if (!window.confirm(`Playing ${text} here drops ${moves} of this game.${kept} Play it?`)) {
    selection = [];
    redraw();
    return Promise.resolve(null);
  }
  return api('/api/move', { move: text, drop: later });
}
// The ply the last step asked for, until the server's answer to it arrives: a key pressed
// meanwhile steps on from there, not from the cursor of the last snapshot, so that quick
// presses are not lost.
let aimed = null;
// Steps go to the server one after the other, in the order they were asked for: sent at once,
// on several connections, they could be taken out of order and the last one asked for lost.
let steps = Promise.resolve();

function goto(ply) {
  if (!state) return;
  const target = Math.max(0, Math.min(state.moves.length, ply));
  aimed = target;
  steps = steps.then(() => api('/api/goto', { ply: target })).then((answer) => {
    if (answer === null || aimed === target) aimed = null;
  });
}

// ---- the rest of the page ------------------------------------------------------------------
function say(text, error) { notice = text ? { text, error: Boolean(error) } : null; drawStatus(); }

function drawStatus() {
  const status = $('#status');
  const message = notice || (state && state.message ? { text: state.message, error: true } : null);
  if (message) {
    status.textContent = message.text;
    status.className = message.error ? 'error' : '';
    return;
  }
  status.className = '';
  if (!state) { status.textContent = ''; return; }
  const side = state.board.to_move === 'black' ? 'Black' : 'White';
  const over = state.board.over;
  if (state.multi) {
    if (finished()) { status.textContent = ''; return; }
    status.textContent = over ? over : seatStatus() + (state.cursor < state.moves.length
      ? ` (ply ${state.cursor} of ${state.moves.length})` : '');
    return;
  }
  // The result box below the board says it already (a game resigned, agreed drawn or lost
  // by a fault too, which the rules did not end).
  if (finished()) { status.textContent = ''; return; }
  status.textContent = over ? over : `${side} to move` + (state.cursor < state.moves.length
    ? ` (ply ${state.cursor} of ${state.moves.length})` : '');
}

// Is the board showing the end of a finished game?
function finished() { return Boolean(state.result) && state.cursor === state.moves.length; }

function clockText(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function clockLeft(colour) {
  const clocks = state.clocks;
  let ms = clocks[colour];
  if (clocks.running === colour) ms -= performance.now() - receivedAt;
  return ms;
}

function drawPlayer(element, colour) {
  const other = colour === 'black' ? 'white' : 'black';
  element.replaceChildren();
  element.classList.toggle('to-move', state.board.to_move === colour && !state.board.over && !finished());
  element.dataset.side = colour;
  const dot = document.createElement('span');
  dot.className = `dot ${colour}`;
  const name = document.createElement('span');
  name.className = 'name';
  name.textContent = state.players[colour] || colour;
  const ejected = document.createElement('span');
  ejected.className = 'ejected';
  ejected.title = `${state.board.lost[other]} ${other} marbles ejected`;
  for (let i = 0; i < 6; i++) {
    const slot = document.createElement('span');
    slot.className = i < state.board.lost[other] ? `dot ${other}` : 'slot';
    ejected.appendChild(slot);
  }
  const count = document.createElement('span');
  count.className = 'count';
  count.textContent = `${state.board.lost[other]}/6`;
  ejected.appendChild(count);
  element.append(dot, name, ejected);
  if (state.clocks) {
    const clock = document.createElement('span');
    clock.className = 'clock' + (state.clocks.running === colour ? ' running' : '');
    clock.dataset.clock = colour;
    clock.textContent = clockText(clockLeft(colour));
    element.appendChild(clock);
  }
}

function tickClocks() {
  if (!state || !state.clocks) return;
  document.querySelectorAll('[data-clock]').forEach((clock) => {
    clock.textContent = clockText(clockLeft(clock.dataset.clock));
  });
}

function drawMoves() {
  const list = $('#moves');
  list.replaceChildren();
  const start = document.createElement('div');
  start.className = 'start' + (state.cursor === 0 ? ' current' : '');
  start.textContent = 'start';
  start.dataset.ply = '0';
  start.addEventListener('click', () => goto(0));
  list.appendChild(start);
  list.classList.toggle('seat-moves', Boolean(state.multi));
  if (state.multi) drawSeatMoves(list);
  else drawTwoPlayerMoves(list);
  // Keep the current move in view inside the list, without scrolling the page. Measured on
  // the screen: offsetTop counts from the nearest positioned ancestor, which the list is not.
  const current = list.querySelector('.current');
  if (current) {
    const box = list.getBoundingClientRect();
    const item = current.getBoundingClientRect();
    if (item.top < box.top || item.bottom > box.bottom) {
      list.scrollTop += item.top - box.top - (list.clientHeight - item.height) / 2;
    }
  }
}

function drawTwoPlayerMoves(list) {
  let number = state.first_number;
  let row = null;
  state.moves.forEach((text, index) => {
    const side = (index % 2 === 0) === (state.first_side === 'black') ? 'black' : 'white';
    if (!row || side === 'black') {
      row = document.createElement('div');
      row.className = 'row';
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = `${number}.`;
      row.appendChild(num);
      if (side === 'white') row.appendChild(document.createElement('span'));
      list.appendChild(row);
    }
    const move = document.createElement('span');
    move.className = 'mv' + (state.cursor === index + 1 ? ' current' : '');
    move.textContent = text;
    move.dataset.ply = String(index + 1);
    move.addEventListener('click', () => goto(index + 1));
    row.appendChild(move);
    if (side === 'white') number += 1;
  });
}

function drawEngine() {
  const thinking = state.thinking;
  const running = thinking && thinking.running;
  $('#engine-running').textContent = running ? 'thinking…' : '';
  const summary = $('#engine-summary');
  const lines = $('#pv-lines');
  lines.replaceChildren();
  // Lines are shown only with the position they are of (or, once their move is played, the
  // one after it): never beside a board or a move they contradict.
  const shown = thinking && thinking.current ? thinking.lines : [];
  const played = thinking && thinking.current ? thinking.played : null;
  if (shown.length === 0) {
    summary.textContent = played ? `Played ${played}; the engine showed no line beginning with it.`
      : thinking && !thinking.current ? (running ? `The engine is thinking about ply ${thinking.ply}; the board shows ply ${state.cursor}.`
        : `The engine's last lines are of ply ${thinking.ply}; the board shows ply ${state.cursor}.`)
        : state.mode === 'analyse' && !state.analysing ? 'Analysis is off.' : 'No output yet.';
  } else {
    const nps = thinking.nps >= 1e6 ? `${(thinking.nps / 1e6).toFixed(1)} M` : `${Math.round(thinking.nps / 1e3)} k`;
    const view = state.multi ? `scores for ${thinking.side[0].toUpperCase() + thinking.side.slice(1)}, the seat to move`
      : 'scores for Black (+) and White (−)';
    const facts = `depth ${thinking.depth} · ${nps} nodes/s · ${view}`;
    const rank = shown[0].multipv;
    summary.textContent = !played ? facts
      : `Played ${played}` + (rank > 1 ? `, the engine's line ${rank}: below full strength it picks among its best lines` : '')
        + ` · ${facts}`;
    for (const line of shown) {
      const item = document.createElement('li');
      if (played) item.className = 'played';
      const score = document.createElement('span');
      score.className = 'score';
      score.textContent = line.score ? line.score.text : '';
      item.append(score, ` ${line.pv.join(' ')}`);
      lines.appendChild(item);
    }
  }
  $('#analysis-toggle').textContent = state.mode === 'analyse' && state.analysing ? 'Stop analysis' : 'Start analysis';
  $('#multipv').value = String(state.multipv);
  // The search of more players gives one line: no choice of lines there.
  $('#multipv').parentElement.hidden = Boolean(state.multi);
}

// The graph's plot, in pixels of the SVG (its viewBox is its size on the screen, so that its
// text is not stretched): margins for the scale on the left and the plies below.
const GRAPH = { left: 30, right: 8, top: 8, bottom: 18 };

function graphCp(score) {
  if (!score) return null;
  return score.mate !== undefined ? Math.sign(score.mate) * 500 : Math.max(-500, Math.min(500, score.cp));
}

function drawGraph() {
  // A game of more players has no one side to score it for: no graph.
  $('#evaluation').hidden = Boolean(state.multi);
  if (state.multi) return;
  const graph = $('#graph');
  graph.replaceChildren();
  const width = Math.max(120, Math.round(graph.clientWidth || 300));
  const height = Math.max(80, Math.round(graph.clientHeight || 130));
  graph.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const plies = Math.max(1, state.moves.length);
  const [left, right] = [GRAPH.left, width - GRAPH.right];
  const [top, bottom] = [GRAPH.top, height - GRAPH.bottom];
  const x = (ply) => left + (ply / plies) * (right - left);
  // The scale, in whole marbles, follows the game from one marble up to five (a forced win
  // is drawn at five); the material counts too.
  const cps = state.scores.map(graphCp).filter((cp) => cp !== null);
  const extreme = Math.max(0, ...cps.map(Math.abs), ...state.material.map((m) => Math.abs(m) * 100));
  const range = Math.min(5, Math.max(1, Math.ceil(extreme / 100)));
  const middle = (top + bottom) / 2;
  const y = (cp) => middle - (cp / (range * 100)) * (middle - top);
  // The scale: 0 and the range above and below, in marbles.
  for (const marbles of [range, 0, -range]) {
    svg('line', { x1: left, y1: y(marbles * 100), x2: right, y2: y(marbles * 100),
      class: marbles === 0 ? 'graph-zero' : 'graph-grid' }, graph);
    const text = marbles > 0 ? `+${marbles}` : marbles < 0 ? `−${-marbles}` : '0';
    svg('text', { x: left - 4, y: y(marbles * 100), class: 'graph-axis graph-y' }, graph).textContent = text;
  }
  // The plies below: the start, the end, and a round number or two between.
  const step = [1, 2, 5, 10, 20, 50, 100].find((s) => plies / s <= 4) || 200;
  // (Ply 0 is where the axis begins, under its name.)
  const ticks = new Set([plies]);
  for (let ply = step; ply < plies - step / 2; ply += step) ticks.add(ply);
  for (const ply of ticks) {
    svg('text', { x: x(ply), y: height - 4, class: 'graph-axis graph-x' }, graph).textContent = String(ply);
  }
  svg('text', { x: left - 4, y: height - 4, class: 'graph-axis graph-title' }, graph).textContent = 'ply';
  // The material, known at every ply without an engine: a step at every ejection.
  let material = '';
  state.material.forEach((m, ply) => {
    material += ply === 0 ? `M${x(0)},${y(m * 100)}` : ` H${x(ply)} V${y(m * 100)}`;
  });
  svg('path', { d: material, class: 'graph-material' }, graph);
  // The engines' scores where they gave one: a line through them and a dot on each, so that
  // the first score shows at once.
  let path = '';
  state.scores.forEach((score, ply) => {
    const cp = graphCp(score);
    if (cp === null) return;
    path += `${path ? ' L' : 'M'}${x(ply).toFixed(1)},${y(cp).toFixed(1)}`;
  });
  if (path) svg('path', { d: path, class: 'graph-line' }, graph);
  state.scores.forEach((score, ply) => {
    const cp = graphCp(score);
    if (cp === null) return;
    const dot = svg('circle', { cx: x(ply), cy: y(cp), r: 2.5, class: 'graph-dot' }, graph);
    svg('title', {}, dot).textContent = `ply ${ply}: ${score.text}`;
  });
  svg('line', { x1: x(state.cursor), y1: top, x2: x(state.cursor), y2: bottom, class: 'graph-cursor' }, graph);
  // Where the engines' scores are missing, say how they come.
  const missing = state.scores.length - cps.length;
  const note = $('#graph-note');
  if (state.mode === 'analyse' && missing > 0) {
    note.textContent = state.analysing
      ? 'The analysis scores each position it is shown: step through the game to fill the graph.'
      : `${cps.length ? 'Scores are known for ' + cps.length + ' of ' + state.scores.length + ' positions.' : 'No engine has scored these positions yet.'} Start analysis and step through the game to fill the graph.`;
  } else if (cps.length === 0) {
    note.textContent = 'The engine\'s score shows after its first search.';
  } else {
    note.textContent = '';
  }
}

// The API's number of the engine a drop-down's value (its place in `state.engines`) names:
// engines are numbered from 1, as on the command line.
function engineNumber(value) { return Number(value) + 1; }

function fillForm() {
  const form = $('#new-form');
  const engines = state.engines;
  for (const name of ['engine0', 'black-engine', 'white-engine']) {
    const select = form.elements[name];
    if (select.options.length !== engines.length) {
      select.replaceChildren(...engines.map((engine, i) => new Option(engine.name, String(i))));
      if (name === 'white-engine' && engines.length > 1) select.value = '1';
    } else {
      engines.forEach((engine, i) => { select.options[i].text = engine.name; });
    }
  }
  const tc = form.elements.tc;
  if (tc.options.length === 0) {
    const known = TIME_CONTROLS.some(([value]) => value === state.tc);
    const choices = known ? TIME_CONTROLS : [[state.tc, `${state.tc} (command line)`], ...TIME_CONTROLS];
    tc.replaceChildren(...choices.map(([value, label]) => new Option(label, value)));
    tc.value = state.tc;
  }
  const skill = form.elements.skill;
  if (skill.options.length === 0) {
    for (let level = 20; level >= 1; level--) skill.appendChild(new Option(String(level), String(level)));
  }
  const engine = engines[Number(form.elements.engine0.value) || 0];
  const hasSkill = engine && engine.skill === true;
  // This build's engine knows its measured ladder: each level shows its Elo on the scale whose
  // zero is the random mover, as the engine's Elo option and `d` give it.
  const ladder = hasSkill && Array.isArray(engine.levels_elo) ? engine.levels_elo : null;
  for (const option of skill.options) {
    const level = Number(option.value);
    // Short enough for the narrow drop-down: "20 full · 3760 Elo", "7 · 2830 Elo" (as measured on
    // 2026-12-06).
    const full = level === 20 ? (ladder ? ' full' : ' (full strength)') : '';
    option.textContent = `${level}${full}${ladder ? ` · ${ladder[level - 1]} Elo` : ''}`;
  }
  skill.disabled = !hasSkill;
  $('#skill-note').textContent = ladder
    ? `Elo over the random mover (level 1: ${ladder[0]}), measured at 600,000 nodes a move; level 20 gains more with more time.`
    : hasSkill ? '' : engine && engine.skill === false
    ? 'This engine has no Skill option: it always plays at full strength; choose a shorter time control to weaken it.'
    : engine && engine.failed ? `This engine did not start: ${engine.failed}`
      : 'Levels show once the engine has started.';
  showModeFields();
}

function showModeFields() {
  const form = $('#new-form');
  const mode = form.elements.mode.value;
  const multi = Number(form.elements.players.value) > 2;
  if (multi) fillSeatChoices(form);
  const texts = multi ? ['Play', 'Watch the engines', 'Analyse']
    : ['Play the engine', 'Watch two engines', 'Analyse'];
  [...form.elements.mode.options].forEach((option, i) => { option.text = texts[i]; });
  document.querySelectorAll('#new-form label, #new-form .note, #new-form fieldset').forEach((label) => {
    if (label.closest('#seat-choices') && label.id !== 'seat-choices') return;
    const classes = [...label.classList].filter((c) => c.startsWith('for-'));
    const players = label.classList.contains(multi ? 'two-only' : 'multi-only');
    label.hidden = players || (classes.length > 0 && !classes.includes(`for-${mode}`));
  });
  // With more players the seats name their engines; the one engine is analysis'.
  if (multi && mode !== 'analyse') $('#engine0-label').hidden = true;
  showRules();
}

// An adjudication rule's numbers can be changed only while the rule is on.
function showRules() {
  const form = $('#new-form').elements;
  for (const rule of ['draw', 'resign']) {
    const on = form[`${rule}-on`].checked;
    const box = form[`${rule}-on`].closest('label').nextElementSibling;
    box.classList.toggle('off', !on);
    box.querySelectorAll('input').forEach((input) => { input.disabled = !on; });
  }
}

// The rules as `sumito match --draw` and `--resign` take them; the server checks them.
function adjudicationRules(form) {
  const rules = {};
  if (form['draw-on'].checked) {
    rules.draw = `movenumber=${form['draw-movenumber'].value.trim()} `
      + `movecount=${form['draw-movecount'].value.trim()} score=${form['draw-score'].value.trim()}`;
  }
  if (form['resign-on'].checked) {
    rules.resign = `movecount=${form['resign-movecount'].value.trim()} score=${form['resign-score'].value.trim()}`
      + (form['resign-twosided'].checked ? ' twosided=true' : '');
  }
  return rules;
}

// The person's Offer draw and Resign, what the engine said, and a watched game's rules.
function drawEnding() {
  const ending = state.ending;
  $('#ending-buttons').hidden = state.mode !== 'play';
  $('#offer-draw').hidden = Boolean(state.multi);
  $('#resign').textContent = state.multi ? 'Leave the game' : 'Resign';
  $('#offer-draw').disabled = !ending.can_offer_draw;
  $('#resign').disabled = !ending.can_resign;
  const says = $('#engine-says');
  says.hidden = !ending.engine_says;
  says.textContent = ending.engine_says || '';
  says.classList.toggle('ended', Boolean(state.result));
  const rules = ending.adjudication;
  const note = $('#adjudication-note');
  note.hidden = !rules;
  if (rules) {
    note.textContent = 'Adjudication: ' + [rules.draw && `draw ${rules.draw}`,
      rules.resign && `loss ${rules.resign}`].filter(Boolean).join('; ');
  }
}

function redraw() {
  if (!state) return;
  // Analysis of a game that can go back to it keeps the game's orientation (a flip by hand too).
  const human = state.mode === 'analyse' && state.can_resume ? flipHuman : state.human;
  const key = `${human}/${state.start}`;
  if (key !== flipKey) { flipKey = key; flipped = human === 'white'; }
  flipHuman = human;
  const modes = { play: 'Playing the engine', watch: 'Engine against engine', analyse: 'Analysis' };
  const seatModes = { play: 'players at the table', watch: 'engines at the table', analyse: 'players: analysis' };
  $('#mode-label').textContent = state.multi ? `${state.multi.players} ${seatModes[state.mode]}` : modes[state.mode] || '';
  const multi = Boolean(state.multi);
  $('#seat-panels').hidden = !multi;
  $('#player-top').hidden = multi;
  $('#player-bottom').hidden = multi;
  if (multi) {
    drawSeatPanels();
  } else {
    $('#seat-panels').replaceChildren();
    drawPlayer($('#player-top'), flipped ? 'black' : 'white');
    drawPlayer($('#player-bottom'), flipped ? 'white' : 'black');
  }
  // The board's height leaves room for the seat panels (style.css), which the player bars
  // of a two-player game need not.
  const panels = multi ? $('#seat-panels').offsetHeight : 0;
  document.documentElement.style.setProperty('--panels', `${panels}px`);
  drawBoard();
  const result = $('#result');
  const over = state.cursor === state.moves.length && state.result;
  result.hidden = !over;
  if (over) {
    const small = (text) => Object.assign(document.createElement('small'), { textContent: text });
    result.replaceChildren(state.result.token, small(state.result.text));
    // An adjudicated game shows the scores that decided it.
    if (state.result.evidence) result.appendChild(small(`scores: ${state.result.evidence}`));
  }
  drawStatus();
  drawEnding();
  drawMoves();
  drawEngine();
  drawGraph();
  fillForm();
  // Against engines one step back is Take back: to the last person's turn before their move
  // (the server steps over the engines' turns, so your move and its reply go, or only your
  // move while the engine thinks). Elsewhere Undo takes back one ply; a table of persons only
  // takes back one turn.
  const engines = state.multi ? state.multi.seats.some((seat) => seat.sitter === 'engine') : true;
  const playing = state.mode === 'play' && engines;
  $('#takeback').hidden = !playing;
  $('#undo').hidden = playing;
  // Undo takes back the game's last move: from an earlier position it would take back one not
  // shown, so it waits for the end.
  const reviewing = state.mode === 'analyse' && state.cursor < state.moves.length;
  $('#undo').disabled = state.mode === 'watch' || state.moves.length === 0 || reviewing;
  $('#undo').title = reviewing ? 'Undo takes back the last move: go to the end first' : 'Take back one move';
  $('#resume').hidden = !state.can_resume;
}

function apply(snapshot) {
  // A server started again counts its versions afresh: its game is the one to show.
  const restarted = state && snapshot.server !== state.server;
  if (state && !restarted && snapshot.version < state.version) return;
  if (restarted) { aimed = null; notice = null; }
  // A page opened on a game under way shows it, not the form.
  const begun = state ? state.moves.length === 0 && !formChosen : true;
  if (begun && snapshot.moves.length > 0) fold();
  // A new game from the same position changes the mode or the moves, if not the board.
  const changed = !state || snapshot.board.fen !== state.board.fen || snapshot.cursor !== state.cursor
    || snapshot.mode !== state.mode || snapshot.moves.length !== state.moves.length;
  // What the page said was about the position it showed: a new one clears it.
  if (changed) { selection = []; notice = null; }
  state = snapshot;
  receivedAt = performance.now();
  redraw();
}

function connect() {
  const events = new EventSource('/api/events');
  events.addEventListener('state', (event) => {
    // Back after a break: the failures of the break are over.
    if ($('#connection').className === 'offline' && notice && notice.error) notice = null;
    $('#connection').textContent = 'connected';
    $('#connection').className = '';
    apply(JSON.parse(event.data));
  });
  events.onerror = () => {
    $('#connection').textContent = 'reconnecting…';
    $('#connection').className = 'offline';
    // The browser retries a broken stream by itself, but gives up on one refused with an
    // error status (a 503 past --max-connections): then the page starts a new one.
    if (events.readyState === EventSource.CLOSED) setTimeout(connect, 3000);
  };
}

// Analysis of the game shown; a game being played asks first, since it stops being played.
function startAnalysis() {
  const playing = state && state.mode !== 'analyse' && !state.result;
  const question = 'Analyse this game? It stops being played: the engines and clocks stop, '
    + 'and its moves stay to be analysed. "Back to the game" plays it on.';
  if (!playing || window.confirm(question)) api('/api/analysis', { running: true });
}

function newGame(event) {
  event.preventDefault();
  const form = event.target.elements;
  const mode = form.mode.value;
  if (Number(form.players.value) > 2) {
    api('/api/new', seatRequest(form, mode)).then((answer) => { if (answer) started(); });
    return;
  }
  const request = { mode, layout: form.layout.value };
  if (form.fen.value.trim()) request.fen = form.fen.value.trim();
  if (mode === 'play') {
    request.colour = form.colour.value;
    request.tc = form.tc.value;
    request.engines = [engineNumber(form.engine0.value)];
    if (!form.skill.disabled) request.skill = Number(form.skill.value);
    request.engine_resigns = form['engine-resigns'].checked;
  } else if (mode === 'watch') {
    request.tc = form.tc.value;
    request.engines = [engineNumber(form['black-engine'].value), engineNumber(form['white-engine'].value)];
    Object.assign(request, adjudicationRules(form));
  } else {
    request.engines = [engineNumber(form.engine0.value)];
  }
  api('/api/new', request).then((answer) => { if (answer) started(); });
}

// Once a game starts (Start, a record loaded, or the first move of the game on the page) the
// New game form folds away, so that on a phone the move box and the move list follow the
// board; its heading opens it again. A form the player opened or closed during the game stays
// as it is.
let formChosen = false;

function fold() { $('#new-game').open = false; formChosen = false; }

// A game started from the form: the form folds away and the board comes into view (on a phone
// the form stands below the board, and Start was tapped there).
function started() {
  fold();
  $('#board-side').scrollIntoView({ block: 'start' });
}

function wire() {
  $('#new-form').addEventListener('submit', newGame);
  $('#new-game summary').addEventListener('click', () => { formChosen = true; });
  $('#new-form').elements.mode.addEventListener('change', showModeFields);
  $('#new-form').elements.players.addEventListener('change', showModeFields);
  $('#new-form').elements.engine0.addEventListener('change', fillForm);
  // Marbles move by clicks, not by dragging: a drag on the board says so rather than do
  // nothing.
  let pressed = null;
  $('#board').addEventListener('pointerdown', (event) => {
    pressed = [event.clientX, event.clientY];
    touched = event.pointerType === 'touch';
  });
  $('#board').addEventListener('pointerup', (event) => {
    const dragged = pressed && Math.hypot(event.clientX - pressed[0], event.clientY - pressed[1]) > 12;
    pressed = null;
    if (dragged) say('Marbles move by clicks: click them, then where they go (the green dots).', true);
  });
  $('#first').addEventListener('click', () => goto(0));
  $('#back').addEventListener('click', () => state && goto(state.cursor - 1));
  $('#forward').addEventListener('click', () => state && goto(state.cursor + 1));
  $('#last').addEventListener('click', () => state && goto(state.moves.length));
  $('#flip').addEventListener('click', () => { flipped = !flipped; redraw(); });
  $('#undo').addEventListener('click', () => api('/api/undo', { plies: 1 }));
  // One ply: the server steps back over the engine's turns to the person's, so that this takes
  // back the engine's reply and your move, or only your move while the engine thinks on it.
  $('#takeback').addEventListener('click', () => api('/api/undo', { plies: 1 }));
  $('#analyse-game').addEventListener('click', startAnalysis);
  $('#offer-draw').addEventListener('click', () => api('/api/offer-draw', {}));
  $('#resume').addEventListener('click', () => api('/api/analysis', { resume: true }));
  $('#resign').addEventListener('click', () => {
    const question = state && state.multi
      ? 'Leave the game? The others play on without you.' : 'Resign this game?';
    if (window.confirm(question)) api('/api/resign', {});
  });
  $('#new-form').elements['draw-on'].addEventListener('change', showRules);
  $('#new-form').elements['resign-on'].addEventListener('change', showRules);
  $('#analysis-toggle').addEventListener('click', () => {
    if (state && state.mode === 'analyse' && state.analysing) api('/api/analysis', { running: false });
    else startAnalysis();
  });
  $('#multipv').addEventListener('change', (e) => api('/api/analysis', { multipv: Number(e.target.value) }));
  const input = document.querySelector('input[name="move"]');
  input.addEventListener('keydown', async (event) => {
    if (event.key !== 'Enter' || !input.value.trim()) return;
    if (await play(input.value.trim())) input.value = '';
  });
  $('#graph').addEventListener('click', (event) => {
    const box = event.currentTarget.getBoundingClientRect();
    const along = (event.clientX - box.left - GRAPH.left) / (box.width - GRAPH.left - GRAPH.right);
    goto(Math.round(Math.max(0, Math.min(1, along)) * Math.max(1, state.moves.length)));
  });
  // The graph is drawn to its size on the screen.
  window.addEventListener('resize', () => { if (state) drawGraph(); });
  const openGame = () => api('/api/record', { text: loaded, game: Number($('#load-game').value) || 1 })
    .then((answer) => { if (answer) fold(); });
  $('#load').addEventListener('change', async (event) => {
    const picker = event.target;
    const file = picker.files[0];
    if (!file) return;
    loaded = await file.text();
    // The picker lets go: the arrow keys step through the game, and the same file may be
    // picked again.
    picker.value = '';
    picker.blur();
    $('#reopen').hidden = false;
    await openGame();
  });
  $('#load-game').addEventListener('change', () => { if (loaded !== null) openGame(); });
  $('#reopen').addEventListener('click', () => { if (loaded !== null) openGame(); });
  document.addEventListener('keydown', (event) => {
    if (!state || event.target.closest('input, select, textarea')) return;
    const from = aimed === null ? state.cursor : aimed;
    const keys = { ArrowLeft: from - 1, ArrowRight: from + 1, Home: 0, End: state.moves.length };
    if (event.key in keys) { event.preventDefault(); goto(keys[event.key]); }
  });
  setInterval(tickClocks, 250);
}

wire();
connect();
