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
  const wood = svg('linearGradient', { id: 'board-fill', x1: '0', y1: '0', x2: '0', y2: '1' }, defs);
  svg('stop', { offset: '0%', 'stop-color': '#4a5b6d' }, wood);
  svg('stop', { offset: '100%', 'stop-color': '#33414f' }, wood);
  const marker = svg('marker', { id: 'arrow-head', viewBox: '0 0 10 10', refX: '5', refY: '5',
    markerWidth: '3', markerHeight: '3', orient: 'auto-start-reverse' }, defs);
  svg('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: '#e4572e' }, marker);
}

function drawFrame(board) {
  const corners = ['a1', 'a5', 'e9', 'i9', 'i5', 'e1'].map((cell) => {
    const [x, y] = cellPoint(cell);
    return `${(x * 1.2).toFixed(3)},${(y * 1.2).toFixed(3)}`;
  });
  svg('polygon', { points: corners.join(' '), fill: 'url(#board-fill)', stroke: '#1f2933',
    'stroke-width': '.12', 'stroke-linejoin': 'round' }, board);
  for (let r = 0; r < 9; r++) {
    const [x, y] = point(r, Math.max(1, r - 3));
    const side = flipped ? 1.3 : -1.3;
    svg('text', { x: x + side, y, class: 'coord' }, board).textContent = ROWS[r].toUpperCase();
  }
  for (let c = 1; c <= 9; c++) {
    const [x, y] = point(Math.max(0, c - 5) - 0.95, c);
    svg('text', { x, y, class: 'coord' }, board).textContent = String(c);
  }
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
    if (colour) svg('circle', { cx: x, cy: y, r: 0.45, class: `marble ${colour}` }, g);
    if (last && last.l.includes(cell)) svg('circle', { cx: x, cy: y, r: 0.5, class: 'ring last-to' }, g);
    else if (last && last.g.includes(cell)) svg('circle', { cx: x, cy: y, r: 0.42, class: 'ring last-from' }, g);
    if (selection.includes(cell)) svg('circle', { cx: x, cy: y, r: 0.5, class: 'ring selected' }, g);
    if (targets.has(cell)) svg('circle', { cx: x, cy: y, r: 0.14, class: 'target' }, g);
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

function targetsOfSelection() {
  const targets = new Set();
  for (const move of movesOfSelection()) targets.add(move.t);
  return targets;
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
  board.setAttribute('viewBox', '-6.1 -4.8 12.2 9.6');
  drawDefs(board);
  drawFrame(board);
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

function clicked(cell) {
  if (!state) return;
  const colour = state.board.marbles[cell];
  const moves = movesOfSelection();
  const move = moves.find((m) => m.t === cell) || unique(moves.filter((m) => m.l.includes(cell)));
  if (move) { selection = []; play(move.m); return; }
  if (state.legal.length === 0) {
    say(state.mode === 'watch' ? 'The engines are playing this game.' : 'It is not your turn.', true);
    return;
  }
  if (colour !== state.board.to_move) {
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

function play(text) { return api('/api/move', { move: text }); }
// The ply the last step asked for, until the server's answer to it arrives: a key pressed
// meanwhile steps on from there, not from the cursor of the last snapshot, so that quick
// presses are not lost.
let aimed = null;

function goto(ply) {
  if (!state) return;
  const target = Math.max(0, Math.min(state.moves.length, ply));
  aimed = target;
  api('/api/goto', { ply: target }).then((answer) => {
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
  status.textContent = over ? over : `${side} to move` + (state.cursor < state.moves.length
    ? ` (ply ${state.cursor} of ${state.moves.length})` : '');
}

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
  element.classList.toggle('to-move', state.board.to_move === colour && !state.board.over);
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

function drawEngine() {
  const thinking = state.thinking;
  const running = thinking && thinking.running;
  $('#engine-running').textContent = running ? 'thinking…' : '';
  const summary = $('#engine-summary');
  const lines = $('#pv-lines');
  lines.replaceChildren();
  if (!thinking || thinking.lines.length === 0) {
    summary.textContent = state.mode === 'analyse' && !state.analysing ? 'Analysis is off.' : 'No output yet.';
  } else {
    const nps = thinking.nps >= 1e6 ? `${(thinking.nps / 1e6).toFixed(1)} M` : `${Math.round(thinking.nps / 1e3)} k`;
    summary.textContent = `depth ${thinking.depth} · ${nps} nodes/s · scores for Black (+) and White (−)`;
    for (const line of thinking.lines) {
      const item = document.createElement('li');
      const score = document.createElement('span');
      score.className = 'score';
      score.textContent = line.score ? line.score.text : '';
      item.append(score, ` ${line.pv.join(' ')}`);
      lines.appendChild(item);
    }
  }
  $('#analysis-toggle').textContent = state.mode === 'analyse' && state.analysing ? 'Stop analysis' : 'Start analysis';
  $('#multipv').value = String(state.multipv);
}

function graphCp(score) {
  if (!score) return null;
  return score.mate !== undefined ? Math.sign(score.mate) * 500 : Math.max(-500, Math.min(500, score.cp));
}

function drawGraph() {
  const graph = $('#graph');
  graph.replaceChildren();
  const plies = Math.max(1, state.moves.length);
  const x = (ply) => (ply / plies) * 300;
  // The scale follows the game, from one marble up to five (a forced win is drawn at five).
  const range = Math.max(100, ...state.scores.map((s) => Math.abs(graphCp(s) || 0)));
  const graphValue = (score) => (score ? 50 - (graphCp(score) / range) * 45 : null);
  svg('line', { x1: 0, y1: 50, x2: 300, y2: 50, class: 'graph-zero' }, graph);
  let path = '';
  let area = '';
  state.scores.forEach((score, ply) => {
    const y = graphValue(score);
    if (y === null) return;
    path += `${path ? 'L' : 'M'}${x(ply).toFixed(2)},${y.toFixed(2)} `;
    area += `${area ? 'L' : `M${x(ply).toFixed(2)},50 L`}${x(ply).toFixed(2)},${y.toFixed(2)} `;
  });
  if (area) {
    const lastPly = state.scores.reduce((last, s, i) => (s ? i : last), 0);
    svg('path', { d: `${area} L${x(lastPly).toFixed(2)},50 Z`, class: 'graph-area' }, graph);
    svg('path', { d: path, class: 'graph-line' }, graph);
  }
  svg('line', { x1: x(state.cursor), y1: 0, x2: x(state.cursor), y2: 100, class: 'graph-cursor' }, graph);
}

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
    for (let level = 20; level >= 1; level--) skill.appendChild(new Option(level === 20 ? '20 (full strength)' : String(level), String(level)));
  }
  const engine = engines[Number(form.elements.engine0.value) || 0];
  const hasSkill = engine && engine.skill === true;
  skill.disabled = !hasSkill;
  $('#skill-note').textContent = hasSkill ? '' : engine && engine.skill === false
    ? 'This engine has no Skill option: it always plays at full strength; choose a shorter time control to weaken it.'
    : 'Levels show once the engine has started.';
  showModeFields();
}

function showModeFields() {
  const mode = $('#new-form').elements.mode.value;
  document.querySelectorAll('#new-form label, #new-form .note').forEach((label) => {
    const classes = [...label.classList].filter((c) => c.startsWith('for-'));
    label.hidden = classes.length > 0 && !classes.includes(`for-${mode}`);
  });
}

function redraw() {
  if (!state) return;
  const key = `${state.mode}/${state.human}/${state.start}`;
  if (key !== flipKey) { flipKey = key; flipped = state.human === 'white'; }
  const modes = { play: 'Playing the engine', watch: 'Engine against engine', analyse: 'Analysis' };
  $('#mode-label').textContent = modes[state.mode] || '';
  drawPlayer($('#player-top'), flipped ? 'black' : 'white');
  drawPlayer($('#player-bottom'), flipped ? 'white' : 'black');
  drawBoard();
  const result = $('#result');
  const over = state.cursor === state.moves.length && state.result;
  result.hidden = !over;
  if (over) {
    result.replaceChildren(state.result.token, Object.assign(document.createElement('small'), { textContent: state.result.text }));
  }
  drawStatus();
  drawMoves();
  drawEngine();
  drawGraph();
  fillForm();
  // Against the engine one step back is your move and its reply (Take back): taking back one
  // ply would hand the move straight back to the engine. Elsewhere Undo takes back one ply.
  const playing = state.mode === 'play';
  $('#takeback').hidden = !playing;
  $('#undo').hidden = playing;
  $('#undo').disabled = state.mode === 'watch' || state.moves.length === 0;
}

function apply(snapshot) {
  if (state && snapshot.version < state.version) return;
  const changed = !state || snapshot.board.fen !== state.board.fen || snapshot.cursor !== state.cursor;
  if (changed) selection = [];
  state = snapshot;
  receivedAt = performance.now();
  redraw();
}

function connect() {
  const events = new EventSource('/api/events');
  events.addEventListener('state', (event) => {
    $('#connection').textContent = 'connected';
    $('#connection').className = '';
    apply(JSON.parse(event.data));
  });
  events.onerror = () => {
    $('#connection').textContent = 'reconnecting…';
    $('#connection').className = 'offline';
  };
}

function newGame(event) {
  event.preventDefault();
  const form = event.target.elements;
  const mode = form.mode.value;
  const request = { mode, layout: form.layout.value };
  if (form.fen.value.trim()) request.fen = form.fen.value.trim();
  if (mode === 'play') {
    request.colour = form.colour.value;
    request.tc = form.tc.value;
    request.engines = [Number(form.engine0.value)];
    if (!form.skill.disabled) request.skill = Number(form.skill.value);
  } else if (mode === 'watch') {
    request.tc = form.tc.value;
    request.engines = [Number(form['black-engine'].value), Number(form['white-engine'].value)];
  } else {
    request.engines = [Number(form.engine0.value)];
  }
  api('/api/new', request);
}

function wire() {
  $('#new-form').addEventListener('submit', newGame);
  $('#new-form').elements.mode.addEventListener('change', showModeFields);
  $('#new-form').elements.engine0.addEventListener('change', fillForm);
  $('#first').addEventListener('click', () => goto(0));
  $('#back').addEventListener('click', () => state && goto(state.cursor - 1));
  $('#forward').addEventListener('click', () => state && goto(state.cursor + 1));
  $('#last').addEventListener('click', () => state && goto(state.moves.length));
  $('#flip').addEventListener('click', () => { flipped = !flipped; redraw(); });
  $('#undo').addEventListener('click', () => api('/api/undo', { plies: 1 }));
  $('#takeback').addEventListener('click', () => api('/api/undo', { plies: 2 }));
  $('#analyse-game').addEventListener('click', () => api('/api/analysis', { running: true }));
  $('#analysis-toggle').addEventListener('click', () =>
    api('/api/analysis', { running: !(state && state.mode === 'analyse' && state.analysing) }));
  $('#multipv').addEventListener('change', (e) => api('/api/analysis', { multipv: Number(e.target.value) }));
  const input = document.querySelector('input[name="move"]');
  input.addEventListener('keydown', async (event) => {
    if (event.key !== 'Enter' || !input.value.trim()) return;
    if (await play(input.value.trim())) input.value = '';
  });
  $('#graph').addEventListener('click', (event) => {
    const box = event.currentTarget.getBoundingClientRect();
    goto(Math.round(((event.clientX - box.left) / box.width) * Math.max(1, state.moves.length)));
  });
  // The text of the records file last loaded is kept, so that another of its games opens
  // when the game number changes, without picking the file again.
  let loaded = null;
  const openGame = () => api('/api/record', { text: loaded, game: Number($('#load-game').value) || 1 });
  $('#load').addEventListener('change', async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    loaded = await file.text();
    await openGame();
  });
  $('#load-game').addEventListener('change', () => { if (loaded !== null) openGame(); });
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
