// The turn log: every turn and every scoring in words, newest last, from the game's `turns`
// and `events`. It is rebuilt only when one of those changes, and it keeps the reader's
// scroll position unless they were reading the newest lines.
import { h, fill, chip } from './dom.js';
import { eventText, turnText } from './words.js';
import { tileBitmap } from '../board/tiles.js';

const THUMB = 22;
/** @type {WeakMap<HTMLElement, string>} what each log element shows now */
const shown = new WeakMap();

/**
 * @param {HTMLElement} el
 * @param {any} game the server's game view (null before the first game)
 * @param {Record<string, import('../board/shapes.js').TileDef>} catalog
 */
export function renderLog(el, game, catalog) {
  const key = game ? `${game.id}|${game.turns?.length}|${game.events.length}|${game.players.map((p) => p.name)}` : '';
  if (shown.get(el) === key) return;
  shown.set(el, key);
  const atEnd = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
  fill(el, ...(game ? items(game, catalog) : []));
  if (atEnd || !el.scrollTop) el.scrollTop = el.scrollHeight;
}

function items(game, catalog) {
  const players = game.players;
  /** @type {Map<number|'final', any[]>} */
  const byTurn = new Map();
  for (const e of game.events) {
    const key = e.final ? 'final' : e.turn;
    if (!byTurn.has(key)) byTurn.set(key, []);
    byTurn.get(key).push(e);
  }
  const out = [];
  (game.turns ?? []).forEach((turn, i) => {
    const p = players[turn.player];
    out.push(h('li.log-turn', { dataset: { turn: String(i + 1) } },
      h('span.log-n', null, String(i + 1)), chip(p?.color ?? 'red'),
      h('span.log-text', null, turnText(turn, players, catalog)),
      thumb(turn.tile ?? turn.discarded, turn.rot ?? 0, catalog, !!turn.discarded)));
    for (const e of byTurn.get(i + 1) ?? []) out.push(scoreItem(e, players));
  });
  if (byTurn.has('final')) {
    out.push(h('li.log-final', null, 'Final scoring'));
    for (const e of byTurn.get('final') ?? []) out.push(scoreItem(e, players));
  }
  if (!out.length) out.push(h('li.muted', null, 'No turns yet.'));
  return out;
}

/** A small picture of the tile of a turn. */
function thumb(id, rot, catalog, discarded) {
  const def = id && catalog[id];
  if (!def) return null;
  const c = h('canvas.log-tile', { width: THUMB * 2, height: THUMB * 2, title: `tile ${id}`,
    class: discarded ? 'discarded' : '' });
  c.getContext('2d').drawImage(tileBitmap(id, def, rot, THUMB * 2), 0, 0);
  return c;
}

function scoreItem(e, players) {
  const color = players[e.players[0]]?.color ?? 'red';
  return h('li.log-score', { class: `c-${color}` }, h('span.pts', null, `+${e.points}`),
    h('span.log-text', null, eventText(e, players)));
}
