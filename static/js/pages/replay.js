// The replay page (/games/{id}): step through a finished game turn by turn with buttons,
// keys and a slider; scores, figures and scoring at every step come from the server.
import { loadCatalog } from '../net/api.js';
import { createBoardView } from '../board/view.js';
import { byId, h, fill, chip } from '../ui/dom.js';
import { eventText } from '../ui/words.js';
import { scoredParts } from '../board/parts.js';

const id = location.pathname.split('/').filter(Boolean)[1];
const PLAY_MS = 700;
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

/** @param {number} n @param {boolean} animate flash the scoring of this turn */
function show(n, animate = false) {
  step = Math.max(0, Math.min(last(), n));
  const state = replay.states[step];
  const end = step === last() && replay.status === 'finished';
  const events = end ? [...state.events, ...replay.final_events] : state.events;
  const board = boardAt(step);
  view.update({
    catalog, board, figures: state.figures, colors: replay.players.map((p) => p.color),
    last: state.placed, flashes: animate ? state.events.map((e) => ({
      parts: scoredParts(e, board, catalog), points: e.points, start: performance.now(),
      color: replay.players[e.players[0]]?.color ?? 'yellow' })) : [],
  });
  slider.value = String(step);
  byId('step-label').textContent = step === 0 ? 'Start' : `Turn ${step} / ${last()}`;
  renderScores(end ? replay.final_scores : state.scores, state.current_player, end);
  const log = state.log;
  const who = log ? replay.players[log.player] : null;
  fill(byId('banner'), who ? h('span', null, chip(who.color), ` ${who.name}: `,
    log.discarded ? `discarded ${log.discarded}` : `placed ${log.tile}${log.meeple ? ` with ${log.meeple.kind === 'abbot' ? 'the abbot' : 'a follower'}` : ''}`) : null);
  fill(byId('events'), ...(events.length ? events.map((e) => h('li.log-score', { class: `c-${replay.players[e.players[0]]?.color}` },
    h('span.pts', null, `+${e.points}`), `${e.final ? 'Final: ' : ''}${eventText(e, replay.players)}`)) : [h('li.muted', null, 'No scoring this turn.')]));
  document.body.dataset.step = String(step);
}

function renderScores(scores, current, end) {
  const winners = new Set(replay.players.map((p, i) => (p.winner ? i : -1)));
  fill(byId('scores'), h('h3', null, end ? 'Final scores' : 'Scores'), h('ol.player-list', null,
    ...replay.players.map((p, i) => h('li.player', { class: !end && current === i ? 'current' : '' },
      chip(p.color), h('span.pname', null, p.name, end && winners.has(i) ? ' ★' : ''), h('span'), h('span'),
      h('span.score', null, String(scores[i] ?? 0))))));
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
  byId('play').textContent = timer ? '❚❚' : '▶';
}

if (!replay) {
  fill(byId('banner'), h('span', null, 'There is no such game.'));
} else {
  byId('game-id').textContent = `#${replay.id}`;
  byId('log-link').setAttribute('href', `/api/games/${replay.id}/log`);
  slider.max = String(last());
  slider.addEventListener('input', () => show(Number(slider.value)));
  byId('first').addEventListener('click', () => show(0));
  byId('prev').addEventListener('click', () => show(step - 1));
  byId('next').addEventListener('click', () => show(step + 1, true));
  byId('last').addEventListener('click', () => show(last()));
  byId('play').addEventListener('click', togglePlay);
  byId('fit').addEventListener('click', () => view.fit());
  document.addEventListener('keydown', (e) => {
    const keys = { ArrowLeft: () => show(step - 1), ArrowRight: () => show(step + 1, true), Home: () => show(0),
      End: () => show(last()), ' ': togglePlay, f: () => view.fit() };
    if (!keys[e.key] || e.target === slider && e.key.startsWith('Arrow')) return;
    e.preventDefault();
    keys[e.key]();
  });
  show(last());
  view.update({ board: boardAt(last()) });
  view.fit();
}
