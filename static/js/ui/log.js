// The turn log: every turn (with where its tile went) and every scoring in words, newest last,
// from the game's `turns` and `events`. A new move appends its lines; the list is rebuilt only
// when it cannot have grown (another game, a step back in a replay). Each line points at the
// board: hovering or tapping it tells `onPoint` which tile (and which scored feature) it is.
// It follows its newest line unless the reader scrolled up (and again once they scroll back
// down to the end).
import { h, fill, chip } from './dom.js';
import { eventText, turnText, whereText } from './words.js';
import { tileImageURL } from '../board/tiles.js';
import { colorStyle } from '../board/colors.js';
import { t } from '../i18n.js';

const THUMB = 22;

/**
 * @typedef {{x: number, y: number, event: any|null}} LogPoint a tile the log points at, and the
 *   score event of the line when it is one
 * @typedef {object} Shown what a log element shows now
 * @property {number|null} id @property {number} turns @property {number} events
 * @property {string} names @property {boolean} final
 * @property {Map<string, number>} placedAt "x,y" -> turn number of the tile there (0: start)
 */

/** @type {WeakMap<HTMLElement, Shown>} */
const shown = new WeakMap();
/** @type {WeakMap<HTMLElement, any>} the game each element shows, for the pointer handlers */
const games = new WeakMap();
/** @type {WeakMap<HTMLElement, Following>} */
const following = new WeakMap();

/** How near its end (CSS px) a list scrolled by hand must be to follow again. */
export const END_PX = 24;

/**
 * @typedef {object} Following whether a list keeps its newest line in sight
 * @property {boolean} on it does: the reader has not scrolled up
 * @property {number} top the scroll position the list itself last took (following its end)
 */

/** @returns {Following} */
export function createFollowing() {
  return { on: true, top: 0 };
}

/**
 * Whether a list still follows after a scroll to `scrollTop`. Scrolling up from where the list
 * put itself stops it; reaching the end (within END_PX) starts it again. Anything else keeps
 * it as it was: the list's own scroll, and lines growing under it as the browser lays them out
 * (so a line taller than its estimate never leaves the list behind).
 * @param {Following} f @param {{scrollTop: number, scrollHeight: number, clientHeight: number}} at
 */
export function keepsFollowing(f, { scrollTop, scrollHeight, clientHeight }) {
  if (scrollHeight - scrollTop - clientHeight < END_PX) return true;
  return scrollTop < f.top - 1 ? false : f.on;
}

/**
 * @param {HTMLElement} el
 * @param {any} game the server's game view (null before the first game)
 * @param {Record<string, import('../board/shapes.js').TileDef>} catalog
 * @param {(p: LogPoint|null, jump: boolean) => void} [onPoint] a line was pointed at (null: no
 *   longer); `jump`: it was clicked or tapped, so the board may move to it
 */
export function renderLog(el, game, catalog, onPoint) {
  if (onPoint && !games.has(el)) listen(el, onPoint);
  games.set(el, game);
  if (!following.has(el)) watchScroll(el);
  const f = /** @type {Following} */ (following.get(el));
  const names = game ? game.players.map((p) => p.name).join('\n') : '';
  const before = shown.get(el);
  const turns = game?.turns ?? [];
  const events = game?.events ?? [];
  const grows = before && game && before.id === game.id && before.names === names
    && turns.length >= before.turns && events.length >= before.events && !before.final;
  if (before && game && grows && turns.length === before.turns && events.length === before.events) return;
  const state = grows ? before : { id: game?.id ?? null, turns: 0, events: 0, names, final: false,
    placedAt: new Map((game?.board ?? []).length ? [['0,0', 0]] : []) };
  if (!grows) {
    fill(el);
    f.on = true;
  }
  if (!game) {
    shown.set(el, state);
    return;
  }
  state.placedAt.set('0,0', 0);
  el.querySelector('.log-empty')?.remove();
  const add = [];
  for (let i = state.turns; i < turns.length; i++) {
    const turn = turns[i];
    add.push(turnItem(turn, i, game.players, catalog, state.placedAt, isBonusTurn(turns, i)));
    if (!turn.discarded) state.placedAt.set(`${turn.x},${turn.y}`, i + 1);
    // the scorings this turn caused follow its line
    events.forEach((e, j) => j >= state.events && !e.final && e.turn === i + 1 && add.push(scoreItem(e, j, game.players)));
  }
  events.forEach((e, j) => {
    if (j < state.events || (!e.final && e.turn > state.turns && e.turn <= turns.length)) return;
    if (e.final && !state.final) {
      add.push(h('li.log-final', null, t('replay.final')));
      state.final = true;
    }
    add.push(scoreItem(e, j, game.players));
  });
  state.turns = turns.length;
  state.events = events.length;
  shown.set(el, state);
  if (!add.length && !el.children.length) add.push(h('li.muted.log-empty', null, t('log.none')));
  el.append(...add);
  // following the newest line waits for the frame's own layout
  if (f.on) {
    requestAnimationFrame(() => {
      el.scrollTop = el.scrollHeight;
      f.top = el.scrollTop;
    });
  }
}

/** Follow the reader's scrolling: up stops following, down to the end starts it again. */
function watchScroll(el) {
  const f = createFollowing();
  following.set(el, f);
  el.addEventListener('scroll', () => { f.on = keepsFollowing(f, el); }, { passive: true });
}

/**
 * Whether entry `i` of a game's turns is a builder's bonus tile (Traders & Builders): a tile
 * placed by the player who placed the tile before it, discards between them aside. The move
 * log has no other mark for it (TRADERS_AND_BUILDERS.md, the move log): only a bonus turn
 * lets a player place twice in a row.
 * @param {{player: number, discarded?: string}[]} turns @param {number} i
 */
export function isBonusTurn(turns, i) {
  if (turns[i]?.discarded) return false;
  for (let j = i - 1; j >= 0; j--) {
    if (!turns[j].discarded) return turns[j].player === turns[i].player;
  }
  return false;
}

function turnItem(turn, i, players, catalog, placedAt, bonus) {
  const p = players[turn.player];
  const where = turn.discarded ? '' : whereText(turn.x, turn.y, placedAt);
  const text = turnText(turn, players, catalog, where);
  return h('li.log-turn', { class: bonus ? 'bonus-turn' : '',
    dataset: { turn: String(i + 1), ...(turn.discarded ? {} : { x: String(turn.x), y: String(turn.y) }), ...(bonus ? { bonusTurn: 'true' } : {}) } },
    h('span.log-n', null, String(i + 1)), chip(p?.color),
    h('span.log-text', null, bonus ? t('log.bonus', { text }) : text),
    thumb(turn.tile ?? turn.discarded, turn.rot ?? 0, catalog, !!turn.discarded));
}

/**
 * A small picture of the tile of a turn. It is drawn once the page is idle: a move's lines are
 * on screen at once, their pictures a moment later (a tile's picture takes a phone tens of ms,
 * a whole game's log seconds).
 */
function thumb(id, rot, catalog, discarded) {
  const def = id && catalog[id];
  if (!def) return null;
  const img = h('img.log-tile', { alt: '', title: t('tile.id', { id }), class: discarded ? 'discarded' : '', width: THUMB, height: THUMB });
  idle(() => { img.src = tileImageURL(id, def, rot, THUMB * 2); });
  return img;
}

/** Run `fn` when the page has nothing else to do. */
function idle(fn) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 2000 });
  else setTimeout(fn, 0);
}

function scoreItem(e, index, players) {
  return h('li.log-score', { style: colorStyle(players[e.players[0]]?.color), dataset: { event: String(index) } }, h('span.pts', null, `+${e.points}`),
    h('span.log-text', null, eventText(e, players)));
}

/** The tile a log line points at. @returns {LogPoint|null} */
function pointOf(li, game) {
  if (!li || !game) return null;
  if (li.dataset.x !== undefined) return { x: Number(li.dataset.x), y: Number(li.dataset.y), event: null };
  const e = li.dataset.event !== undefined ? game.events[Number(li.dataset.event)] : null;
  if (!e) return null;
  const turn = !e.final ? game.turns?.[e.turn - 1] : null;
  const [cx, cy] = turn && !turn.discarded ? [turn.x, turn.y] : e.cells?.[0] ?? [null, null];
  return cx === null ? null : { x: cx, y: cy, event: e };
}

function listen(el, onPoint) {
  const line = (e) => /** @type {HTMLElement|null} */ (e.target.closest?.('li[data-turn], li[data-event]'));
  let current = null;
  el.addEventListener('pointerover', (e) => {
    if (e.pointerType !== 'mouse') return;
    const li = line(e);
    if (li === current) return;
    current = li;
    onPoint(pointOf(li, games.get(el)), false);
  });
  el.addEventListener('pointerleave', (e) => {
    if (e.pointerType !== 'mouse') return;
    current = null;
    onPoint(null, false);
  });
  el.addEventListener('click', (e) => {
    const li = line(e);
    if (li) onPoint(pointOf(li, games.get(el)), true);
  });
}
