// The pointer on the board: what a tap does (choose a square, turn the tile, pick a figure spot,
// or inspect a feature), and where on the canvas the touch targets and figures are. Pure: the
// camera's scale comes in, an action goes out.
import * as st from '../state.js';
import { figurePoint } from '../board/segmap.js';
import { layoutTargets, hitTarget, TARGET_PX } from '../board/targets.js';

/** CSS pixels per cell that a finger's tap on squares too small to choose zooms in to. */
export const CLOSE_PX = TARGET_PX * 1.5;

/**
 * @typedef {import('../board/view.js').CellPoint} CellPoint
 * @typedef {{name: 'spot', arg: number}|{name: 'rotate'}|{name: 'choose', arg: {x: number, y: number}}
 *   |{name: 'close', arg: {x: number, y: number}}|{name: 'inspect'}} TapAction
 */

/**
 * What a tap on the board does. On a figure target of the chosen square (they may ring it at a
 * small zoom): pick that spot (the chosen one again: none); elsewhere on the chosen square:
 * turn the tile (its middle is the rotate hub). On a free square where the tile fits, or
 * beside one within a fingertip: choose it; but a finger's tap on squares narrower than a
 * fingertip only brings them close (`close`: the page zooms in there), as a fingertip there
 * could as well have meant the next square. Anywhere else, and whenever it is not this
 * viewer's move: inspect what is there.
 * @param {st.ClientState} s @param {CellPoint} c
 * @param {Record<string, any>} catalog @param {number} scale CSS pixels per cell
 * @param {Stands} [stands]
 * @returns {TapAction}
 */
export function tapAction(s, c, catalog, scale, stands = figurePoint) {
  if (!st.isMyTurn(s) || s.turn.sent) return { name: 'inspect' };
  const p = s.turn.pending;
  if (p) {
    const hit = hitTarget(targetLayout(s, catalog, scale, stands), c.x - p.x + c.u, c.y - p.y + c.v);
    if ('spot' in hit) return { name: 'spot', arg: hit.spot === s.turn.spot ? -1 : hit.spot };
    if (p.x === c.x && p.y === c.y) return { name: 'rotate' };
  }
  const cell = legalNear(s, c, TARGET_PX / 2 / scale);
  if (!cell) return { name: 'inspect' };
  return c.touch && scale < TARGET_PX ? { name: 'close', arg: cell } : { name: 'choose', arg: cell };
}

/**
 * The legal square under a point, or, for a point beside the tiles, the nearest one within
 * `reach` cells of it (a point on a placed tile is for that tile: none).
 * @param {st.ClientState} s @param {CellPoint} c @param {number} reach
 */
export function legalNear(s, c, reach) {
  if (s.game.board.some((b) => b.x === c.x && b.y === c.y)) return null;
  let best = null;
  let bestD = reach;
  for (const cell of st.legalCells(s)) {
    const dx = Math.max(cell.x - (c.x + c.u), 0, c.x + c.u - (cell.x + 1));
    const dy = Math.max(cell.y - (c.y + c.v), 0, c.y + c.v - (cell.y + 1));
    const d = Math.hypot(dx, dy);
    if (d <= bestD) [best, bestD] = [cell, d];
  }
  return best;
}

/**
 * @typedef {(def: any, rot: number, slot: string, kind?: string) => [number, number]} Stands where a figure on
 *   a board-oriented slot of a tile stands (`segmap.js` `figurePoint`, which needs a canvas;
 *   unit tests give their own)
 */

/**
 * Where the rotate hub and the figure targets of the chosen placement are, at this scale.
 * @param {st.ClientState} s @param {Record<string, any>} catalog @param {number} scale
 * @param {Stands} [stands]
 */
export function targetLayout(s, catalog, scale, stands = figurePoint) {
  const p = s.turn.pending;
  const def = catalog[s.game.drawn_tile];
  const points = (st.pendingLegal(s)?.spots ?? []).map((spot) => stands(def, p.rot, spot.at, spot.kind));
  return layoutTargets(points, scale);
}

/**
 * The cell and the point in it of the touch target of figure spot `i` of the chosen placement,
 * or null when there is none.
 * @param {st.ClientState} s @param {Record<string, any>} catalog @param {number} scale @param {number} i
 * @param {Stands} [stands]
 * @returns {[number, number, number, number]|null} x, y, u, v
 */
export function spotTarget(s, catalog, scale, i, stands = figurePoint) {
  const p = s.turn.pending;
  if (!p || !st.pendingLegal(s)?.spots[i]) return null;
  const [u, v] = targetLayout(s, catalog, scale, stands).targets[i];
  return [p.x, p.y, u, v];
}

/**
 * The cell and the point in it where a figure on `slot` of the placed tile at (x, y) stands,
 * or null (no tile there).
 * @param {st.ClientState} s @param {Record<string, any>} catalog
 * @param {number} x @param {number} y @param {string} slot @param {string} [kind] the figure's kind
 * @returns {[number, number, number, number]|null} x, y, u, v
 */
export function figureSpot(s, catalog, x, y, slot, kind) {
  const p = s.game?.board.find((b) => b.x === x && b.y === y);
  return p ? [x, y, ...figurePoint(catalog[p.tile], p.rot, slot, kind)] : null;
}
