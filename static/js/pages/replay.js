// The replay page (/games/{id}): step through a finished game turn by turn with buttons,
// keys and a slider; scores, figures and scoring at every step come from the server.
import { loadCatalog } from '../net/api.js';
import { createBoardView } from '../board/view.js';
import { byId, h, fill, chip } from '../ui/dom.js';
import { turnText, optionsText } from '../ui/words.js';
import { renderLog } from '../ui/log.js';
import { scoredParts } from '../board/parts.js';

const id = location.pathname.split('/').filter(Boolean)[1];
const PLAY_MS = 800;
const [catalog, replay] = await Promise.all([
  loadCatalog(),
  fetch(`/api/games/${encodeURIComponent(id)}/replay`).then((r) => (r.ok ? r.json() : null)),
]);
const view = createBoardView(/** @type {HTMLCanvasElement} */ (byId('board')));
const slider = /** @type {HTMLInputElement} */ (byId('step'));
let step = 0;
let timer = 0;

/** The board after `n` turns. */
function boardAt(n) {
  const placed = replay.states.slice(1, n + 1).map((s) => s.placed).filter(Boolean);
  return [...replay.start_board, ...placed];
}

function last() {
  return replay.states.length - 1;
}

/** The game as far as step `n`, in the shape the turn log reads. */
function gameAt(n, end) {
  const states = replay.states.slice(1, n + 1);
  const events = states.flatMap((s) => s.events);
  return { id: replay.id, players: replay.players, turns: states.map((s) => s.log), board: replay.start_board,
    events: end ? [...events, ...replay.final_events] : events };
}

/** @param {number} n @param {boolean} animate flash the scoring of this turn */
function show(n, animate = false) {
  step = Math.max(0, Math.min(last(), n));
  const state = replay.states[step];
  const end = step === last() && replay.status === 'finished';
  const board = boardAt(step);
  view.update({
    catalog, board, figures: state.figures, colors: replay.players.map((p) => p.color),
    last: state.placed, flashes: animate ? state.events.map((e) => ({
      parts: scoredParts(e, board, catalog), points: e.points, start: performance.now(),
      color: replay.players[e.players[0]]?.color ?? 'yellow' })) : [],
  });
  slider.value = String(step);
  byId('step-label').textContent = step === 0 ? 'Start' : `Turn ${step} / ${last()}`;
  renderScores(end ? replay.final_scores : state.scores, state, end);
  const who = state.log ? replay.players[state.log.player] : null;
  fill(byId('banner'), who ? h('span', null, chip(who.color), ` ${turnText(state.log, replay.players, catalog)}`)
    : h('span', null, end ? 'Final scoring' : replay.options.river ? 'The spring: the River starts here' : 'The start tile'));
  renderLog(byId('replay-log'), gameAt(step, end), catalog, pointAt);
  for (const b of ['first', 'prev']) /** @type {HTMLButtonElement} */ (byId(b)).disabled = step === 0;
  for (const b of ['next', 'last']) /** @type {HTMLButtonElement} */ (byId(b)).disabled = step === last();
  document.body.dataset.step = String(step);
}

/** A line of the log points at its tile on the board (and the feature it scored). */
function pointAt(point) {
  if (!point) return view.update({ highlight: null });
  const board = boardAt(step);
  view.update({ highlight: { cell: { x: point.x, y: point.y }, parts: point.event ? scoredParts(point.event, board, catalog) : [] } });
}

function renderScores(scores, state, end) {
  const winners = new Set(replay.players.map((p, i) => (p.winner ? i : -1)));
  const current = end ? -1 : state.current_player;
  fill(byId('scores'), h('h3', null, end ? 'Final scores' : step ? `Scores after turn ${step}` : 'Scores'),
    h('ol.player-list', { tabindex: '0', 'aria-label': 'Players' }, ...replay.players.map((p, i) => h('li.player', { class: current === i ? 'current' : '' },
      chip(p.color), h('span.pname', null, p.name, end && winners.has(i) ? ' ★' : ''),
      h('span'),
      h('span.figs', { title: 'followers in hand' }, h('span.meeple-icon', { class: `c-${p.color}` }),
        `×${state.supply[i]?.followers ?? 0}`),
      h('span.score', null, String(scores[i] ?? 0))))),
    h('p.muted.tiles-left', null, `${state.tiles_left} tiles left`),
    h('p.muted.tiles-left', { dataset: { options: '' } }, optionsText(replay.options)));
}

function togglePlay() {
  if (timer) {
    clearInterval(timer);
    timer = 0;
  } else {
    if (step === last()) show(0);
    timer = window.setInterval(() => {
      show(step + 1, true);
      if (step === last()) togglePlay();
    }, PLAY_MS);
  }
  const play = byId('play');
  play.textContent = timer ? '❚❚' : '▶';
  play.setAttribute('aria-pressed', String(!!timer));
}

/** Stop playing when the reader steps by hand. */
function go(n, animate = false) {
  if (timer) togglePlay();
  show(n, animate);
}

if (!replay) {
  fill(byId('banner'), h('span', null, 'There is no such game.'));
} else {
  byId('game-id').textContent = `#${replay.id}`;
  byId('log-link').setAttribute('href', `/api/games/${replay.id}/log`);
  slider.max = String(last());
  slider.addEventListener('input', () => go(Number(slider.value)));
  byId('first').addEventListener('click', () => go(0));
  byId('prev').addEventListener('click', () => go(step - 1));
  byId('next').addEventListener('click', () => go(step + 1, true));
  byId('last').addEventListener('click', () => go(last()));
  byId('play').addEventListener('click', togglePlay);
  byId('fit').addEventListener('click', () => view.fit());
  document.addEventListener('keydown', (e) => {
    /** @type {Record<string, () => void>} */
    const keys = { ArrowLeft: () => go(step - 1), ArrowRight: () => go(step + 1, true), Home: () => go(0),
      End: () => go(last()), ' ': togglePlay, f: () => view.fit() };
    if (!keys[e.key] || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target === slider && e.key.startsWith('Arrow')) return;
    if (e.target instanceof HTMLButtonElement && e.key === ' ') return; // the button's own click
    e.preventDefault();
    keys[e.key]();
  });
  // fit the whole game once, so the camera stays still while stepping
  view.update({ catalog, board: boardAt(last()) });
  view.fit();
  show(last());
}
