// What the table knows (the server's `analysis`, PROTOCOL.md): the board overlay's marks (dead
// squares, how many tiles left fit each open square) and the inspector's words on an
// unfinished feature's outlook. Pure: the engine computed every number; this only picks and
// words them.
import { joinNames } from './words.js';
import { t } from '../i18n.js';
import { adviceLevel } from '../advice.js';

/**
 * @typedef {{x: number, y: number, fits: Record<string, number>, count: number}} Square
 * @typedef {{id: string, kind: string, squares: [number, number][], counts: number[],
 *   closable: boolean, chance: number[]}} Outlook an unfinished feature, as the analysis has it
 * @typedef {{game: number|null, turn: number, tiles: Record<string, number>, draws: number[],
 *   squares: Square[], dead: [number, number][], features: Outlook[]}} Analysis
 * @typedef {{dead: {x: number, y: number}[], fits: {x: number, y: number, count: number}[]}} TableMarks
 */

/**
 * Whether this viewer may see the table's analysis: the game's advice level (`state.game.advice`,
 * before the first game the room's) at `request` for the game's players, at `coach` for
 * watchers too (the server answers the same way and refuses the others).
 * @param {import('../state.js').ClientState} s
 */
export function maySeeTable(s) {
  const level = s.game?.advice ?? adviceLevel(s);
  if (level === 'coach') return true;
  return level === 'request' && s.you.seat !== null;
}

/**
 * The overlay's marks: a dead square (no tile left can fill it) is crossed out; every other
 * open square shows how many of the tiles left fit it.
 * @param {Analysis|null} a
 * @returns {TableMarks|null}
 */
export function tableMarks(a) {
  if (!a) return null;
  return {
    dead: a.dead.map(([x, y]) => ({ x, y })),
    fits: a.squares.filter((q) => q.count > 0).map((q) => ({ x: q.x, y: q.y, count: q.count })),
  };
}

/**
 * The outlook of the unfinished feature `id`, or null (complete, a field, or not in the analysis).
 * @param {Analysis|null} a @param {string} id
 * @returns {Outlook|null}
 */
export function outlookOf(a, id) {
  return a?.features.find((f) => f.id === id) ?? null;
}

/**
 * The tile kinds left that would fit the feature's open squares, most copies first: `[id, copies]`.
 * The copies are counted over its squares' fits (a tile that fits two squares counts once).
 * @param {Analysis} a @param {Outlook} o
 * @returns {[string, number][]}
 */
export function closingTiles(a, o) {
  const wanted = new Set(o.squares.map(([x, y]) => `${x},${y}`));
  const kinds = new Map();
  for (const q of a.squares) {
    if (!wanted.has(`${q.x},${q.y}`)) continue;
    for (const [tile, n] of Object.entries(q.fits)) kinds.set(tile, n);
  }
  return [...kinds].sort((p, q) => q[1] - p[1] || (p[0] < q[0] ? -1 : 1));
}

/** "45 %" for a chance from 0 to 1; "under 1 %" for a small one that is not 0. @param {number} p */
export function chanceText(p) {
  if (p > 0 && p < 0.005) return t('table.underOne');
  return t('table.percent', { n: Math.round(p * 100) });
}

/**
 * What the inspector says of an unfinished feature's outlook, in sentences a beginner reads:
 * how many open squares it has, which tiles left would close them, and each player's chance
 * to close it with the tiles they will draw. Null when the analysis does not have it.
 * @param {Analysis|null} a @param {string} id @param {{name: string}[]} players
 * @returns {string[]|null}
 */
export function outlookLines(a, id, players) {
  const o = a && outlookOf(a, id);
  if (!a || !o) return null;
  const open = o.squares.length;
  const lines = [t('table.open', { count: open })];
  if (!o.closable) {
    lines.push(t('table.closed'));
    return lines;
  }
  const tiles = closingTiles(a, o);
  const copies = tiles.reduce((sum, [, n]) => sum + n, 0);
  const kinds = tiles.slice(0, 6).map(([t]) => t);
  lines.push(t('table.fit', { count: copies, tiles: `${joinNames(kinds)}${tiles.length > 6 ? ', …' : ''}` }));
  const chances = o.chance.map((p, i) => `${players[i]?.name ?? '?'} ${chanceText(p)}`);
  lines.push(t('table.chance', { chances: chances.join(', ') }));
  return lines;
}

/**
 * Who looked at the table's analysis in a game (counted like hints), in words, or null when
 * nobody did: "Ann and Bob looked at what the table knows (the odds)."
 * @param {{name: string}[]} players @param {boolean[]|undefined} looked per player, in game order
 */
export function tableUseText(players, looked) {
  const names = players.filter((_, i) => looked?.[i]).map((p) => p.name);
  if (!names.length) return null;
  return t('table.used', { names: joinNames(names) });
}
