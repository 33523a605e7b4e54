// Games of three to six players on the page (loaded before app.js, which calls these): the
// seats' colours and letters on the marbles, a panel per seat, the move list in rounds, and
// the seats of the New game form. The snapshot of such a game has a `multi` key.
'use strict';

// The seats' colours: Okabe and Ito's palette, which people with every common kind of colour
// blindness tell apart, for the four coloured seats; black and white as their names say (the
// palette has a black, and white stands apart from all of them by its lightness). Each marble
// carries its seat's letter as well, so that no one has to tell the colours apart at all.
const SEAT_COLOURS = {
  black: { fill: '#000000', ink: '#ffffff', stroke: '#000000' },
  white: { fill: '#ffffff', ink: '#000000', stroke: '#6b6860' },
  red: { fill: '#D55E00', ink: '#ffffff', stroke: '#7a3600' },
  green: { fill: '#009E73', ink: '#ffffff', stroke: '#005a41' },
  yellow: { fill: '#F0E442', ink: '#000000', stroke: '#8a8226' },
  blue: { fill: '#0072B2', ink: '#ffffff', stroke: '#003f63' },
};
const SEAT_NAMES = ['black', 'white', 'red', 'green', 'yellow', 'blue'];
const SEAT_LETTERS = { black: 'B', white: 'W', red: 'R', green: 'G', yellow: 'Y', blue: 'U' };
const TEAM_NAMES = ['A', 'B', 'C'];

function capital(word) { return word ? word[0].toUpperCase() + word.slice(1) : ''; }

// A marble of `colour` with its letter, at (x, y) on the board.
function drawSeatMarble(g, x, y, colour) {
  const look = SEAT_COLOURS[colour];
  svg('circle', { cx: x, cy: y, r: 0.45, class: `marble seat-marble m-${colour}`, fill: look.fill,
    stroke: look.stroke }, g);
  svg('circle', { cx: x, cy: y, r: 0.45, class: 'marble-shine' }, g);
  svg('text', { x, y: y + 0.015, class: 'marble-letter', fill: look.ink }, g).textContent = SEAT_LETTERS[colour];
}

// A small marble for the panels and the move list: an SVG circle with the letter.
function seatBadge(colour, size) {
  const badge = document.createElementNS(SVGNS, 'svg');
  badge.setAttribute('viewBox', '-0.5 -0.5 1 1');
  badge.setAttribute('class', 'seat-badge');
  badge.style.width = badge.style.height = size || '1.3rem';
  const look = SEAT_COLOURS[colour];
  svg('circle', { cx: 0, cy: 0, r: 0.46, fill: look.fill, stroke: look.stroke, 'stroke-width': 0.06 }, badge);
  svg('text', { x: 0, y: 0.03, class: 'badge-letter', fill: look.ink }, badge).textContent = SEAT_LETTERS[colour];
  return badge;
}

function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

// One panel per seat: its marble and letter, name, person or engine, team, the marbles it has
// ejected as six dots, its clock, and whether it is to move, has left, or won.
function drawSeatPanels() {
  const box = $('#seat-panels');
  box.replaceChildren();
  const multi = state.multi;
  box.dataset.players = String(multi.players);
  const over = finished();
  const toMove = state.board.to_move;
  for (const seat of multi.seats) {
    const panel = element('div', 'player seat-panel');
    panel.dataset.side = seat.colour;
    const moving = seat.colour === toMove && !state.board.over && !over && !seat.left;
    panel.classList.toggle('to-move', moving);
    panel.classList.toggle('left', seat.left);
    panel.classList.toggle('won', seat.won === true);
    const head = element('div', 'seat-head');
    head.append(seatBadge(seat.colour));
    head.append(element('span', 'name', seat.name || capital(seat.colour)));
    if (moving) head.append(element('span', 'turn-tag', 'to move'));
    if (seat.won === true) head.append(element('span', 'won-tag', 'won'));
    let teamChip = null;
    if (seat.team !== null) {
      const mates = state.multi.seats.filter((s) => s.team === seat.team);
      const together = mates.reduce((sum, s) => sum + s.ejected, 0);
      const chip = element('span', `team-tag team-${seat.team}`, `team ${TEAM_NAMES[seat.team]} ${together}/6`);
      chip.title = `team ${TEAM_NAMES[seat.team]} (${mates.map((s) => capital(s.colour)).join(' + ')}) has ejected ${together}`;
      teamChip = chip;
    }
    const partners = seat.team === null ? ''
      : ' · with ' + state.multi.seats.filter((s) => s.team === seat.team && s !== seat).map((s) => capital(s.colour)).join(', ');
    const who = seat.sitter === 'person' ? 'person' : 'engine';
    const own = seat.sitter === 'engine' && seat.tc && seat.tc !== state.tc ? ` (${seat.tc})` : '';
    const facts = element('div', 'seat-facts', `${seat.number} · ${capital(seat.colour)} · ${who}${own}${partners}`);
    if (seat.sitter === 'engine') panel.title = `${seat.engine}, ${seat.tc}`;
    if (seat.left) facts.append(element('span', 'left-tag', ` · left${seat.why ? ': ' + seat.why : ''}`));
    const ejected = element('span', 'ejected');
    ejected.title = `${seat.ejected} marbles ejected`;
    for (let i = 0; i < 6; i++) ejected.appendChild(element('span', i < seat.ejected ? 'dot taken' : 'slot'));
    ejected.appendChild(element('span', 'count', `${seat.ejected}/6`));
    const row = element('div', 'seat-row');
    row.append(ejected);
    if (teamChip) row.append(teamChip);
    if (state.clocks) {
      const clock = element('span', 'clock' + (state.clocks.running === seat.colour ? ' running' : ''));
      clock.dataset.clock = seat.colour;
      clock.textContent = clockText(clockLeft(seat.colour));
      head.append(clock);
    }
    panel.append(head, facts, row);
    box.appendChild(panel);
  }
}

// The move list in rounds: a new number when the turn comes round to a seat numbered no
// higher than the last mover (as the records number them), each seat in its own column.
function drawSeatMoves(list) {
  const multi = state.multi;
  // Five or six seats take two lines a round, three seats a line (partners of six players
  // one above the other).
  const perLine = multi.players > 4 ? 3 : multi.players;
  list.style.setProperty('--seats', String(perLine));
  let row = null;
  let number = 0;
  let previous = Infinity;
  state.moves.forEach((text, index) => {
    const mover = multi.movers[index];
    const seat = SEAT_NAMES.indexOf(mover);
    if (!row || seat <= previous) {
      number += 1;
      row = element('div', 'row seat-row-moves');
      const num = element('span', 'num', `${number}.`);
      num.style.gridRow = '1';
      row.appendChild(num);
      list.appendChild(row);
    }
    previous = seat;
    const move = element('span', 'mv' + (state.cursor === index + 1 ? ' current' : ''));
    move.append(seatBadge(mover, '.85rem'), text);
    move.style.gridColumn = String((seat % perLine) + 2);
    move.style.gridRow = String(Math.floor(seat / perLine) + 1);
    move.dataset.ply = String(index + 1);
    move.dataset.seat = mover;
    move.addEventListener('click', () => goto(index + 1));
    row.appendChild(move);
  });
}

// The status line of a game of more players: whose turn it is.
function seatStatus() {
  const side = capital(state.board.to_move);
  const seat = state.multi.seats.find((s) => s.colour === state.board.to_move);
  const person = seat && seat.sitter === 'person' && state.mode !== 'analyse' ? ' (your move)' : '';
  return `${side} to move${person}`;
}

// ---- the New game form -----------------------------------------------------------------------
// One drop-down per seat: a person, or one of the engines.
function fillSeatChoices(form) {
  const players = Number(form.elements.players.value);
  const box = $('#seat-choices');
  const engines = state.engines;
  const rows = [...box.querySelectorAll('label')];
  if (rows.length !== players || box.dataset.engines !== String(engines.length)) {
    box.dataset.engines = String(engines.length);
    const before = rows.map((r) => r.querySelector('select').value);
    rows.forEach((r) => r.remove());
    for (let i = 0; i < players; i++) {
      const colour = SEAT_NAMES[i];
      const label = element('label', 'seat-choice');
      const text = element('span', 'seat-label');
      text.append(seatBadge(colour, '1.1rem'), ` ${i + 1} ${capital(colour)}${i === 0 ? ' (moves first)' : ''}`);
      const select = element('select');
      select.name = `seat${i}`;
      select.append(new Option('Person', 'person'), ...engines.map((e, k) => new Option(e.name, String(k))));
      select.value = before[i] || (i === 0 ? 'person' : '0');
      // An engine's own time control: its strength with more than two players.
      const time = element('select');
      time.name = `seat${i}-tc`;
      time.title = 'this engine\'s time control';
      time.append(new Option('game\'s time', ''), ...TIME_CONTROLS.map(([value, text]) => new Option(text, value)));
      select.addEventListener('change', () => showSeatTimes(form));
      label.append(text, select, time);
      box.appendChild(label);
    }
  }
  // An engine that said it cannot play three to six players is offered, but not chosen, with
  // its own words.
  const sitters = [...box.querySelectorAll('select')].filter((select) => /^seat\d$/.test(select.name));
  sitters.flatMap((select) => [...select.options]).forEach((option) => {
    const engine = option.value === 'person' ? null : engines[Number(option.value)];
    if (!engine) return;
    option.disabled = Boolean(engine.no_seats);
    option.textContent = engine.no_seats ? `${engine.name} (two players only)` : engine.name;
    option.title = engine.no_seats ? `It answered: ${engine.no_seats}` : '';
  });
  showSeatTimes(form);
  const teams = { 4: 'Teams: Black and Red against White and Green.',
    6: 'Teams: Black and Green, White and Yellow, Red and Blue.' };
  $('#teams-note').textContent = teams[players] || 'Every player plays for themselves.';
}

// A seat's time control is chosen only for an engine.
function showSeatTimes(form) {
  $('#seat-choices').querySelectorAll('label').forEach((label, i) => {
    const time = form.elements[`seat${i}-tc`];
    if (time) time.style.visibility = form.elements[`seat${i}`].value === 'person' ? 'hidden' : 'visible';
  });
}

// The request of a new game of more players, from the form.
function seatRequest(form, mode) {
  const players = Number(form.players.value);
  const request = { mode, players, tc: form.tc.value };
  if (form.fen.value.trim()) request.fen = form.fen.value.trim();
  if (mode === 'analyse') {
    request.engines = [engineNumber(form.engine0.value)];
    return request;
  }
  request.seats = [];
  for (let i = 0; i < players; i++) {
    const value = form[`seat${i}`].value;
    const time = form[`seat${i}-tc`].value;
    if (value === 'person') request.seats.push('person');
    else request.seats.push(time ? { engine: engineNumber(value), tc: time } : engineNumber(value));
  }
  return request;
}
