// What the board draws, from the state: the placed tiles and figures, this turn's squares, the
// tile under the pointer or chosen, its figure spots, the traced feature, a suggested move and
// the first-turn coach's marks. Pure: it reads the state and sends nothing.
import * as st from '../state.js';
import { traceNow } from '../advice.js';
import { touching, riverInflow } from '../board/edges.js';
import { isRiverTile } from '../ui/bag.js';
import { featureAtSlot } from '../ui/words.js';
import { scoredParts } from '../board/parts.js';
import { tableMarks, maySeeTable } from '../ui/table.js';

/**
 * @typedef {object} Look what the viewer points at, and what helps them
 * @property {import('../board/view.js').CellPoint|null} hover the board point under the pointer
 * @property {any} feature the feature traced for the pointer (`ui/inspector.js`
 *   inspectedFeature: a feature, the river with its banks, or null)
 * @property {boolean} coaching the first-turn coach helps now (`ui/coach.js` coaching)
 */

/**
 * The scene's parts the state decides (`board/render.js` Scene), for `view.update`.
 * @param {import('../state.js').ClientState} s
 * @param {Record<string, import('../board/shapes.js').TileDef>} catalog
 * @param {Look} look
 */
export function boardScene(s, catalog, look) {
  const g = s.game;
  if (!g) {
    return { board: [], figures: [], legalCells: [], ghost: null, pending: null, spots: [], last: null, trace: [], trace2: [],
      riverOpen: null, suggestion: null, matchEdges: null, table: null };
  }
  const mine = st.isMyTurn(s);
  const p = s.turn.pending;
  const f = look.feature;
  const traced = look.coaching ? traceNow(s) : null;
  const ghost = mine && !p ? ghostAt(s, look.hover) : null;
  const marked = p ?? ghost;
  return {
    board: g.board,
    figures: g.figures,
    colors: st.playerColors(s),
    last: g.last,
    legalCells: mine && !p ? st.legalCells(s) : [],
    riverOpen: riverOpen(g, catalog),
    ghost,
    pending: p ? { ...p, tile: g.drawn_tile } : null,
    spots: st.pendingLegal(s)?.spots ?? [],
    chosenSpot: s.turn.spot,
    myColor: g.players[st.myPlayer(s)]?.color ?? null,
    // what is pointed at on the board, else (first-turn coach) the feature the chosen figure would claim
    trace: f?.kind === 'river' ? f.banks[0]?.parts ?? [] : f?.parts ?? traced?.parts ?? [],
    trace2: f?.kind === 'river' ? f.banks[1]?.parts ?? [] : [],
    suggestion: mine ? suggestion(s, catalog) : null,
    // the overlay of what the table knows: only this turn's analysis, only where it may be seen
    table: s.tableShown && maySeeTable(s) ? tableMarks(st.analysisNow(s)) : null,
    // for a legal square every touching edge matches: the coach marks the sides that touch
    matchEdges: look.coaching && marked
      ? { x: marked.x, y: marked.y, dirs: touching(g.board, catalog, marked.x, marked.y).map((t) => t.dir) } : null,
  };
}

/** The drawn tile under the pointer, turned as it would go there, or null where it fits not. */
function ghostAt(s, hover) {
  if (!hover) return null;
  const rot = st.preferredRot(s, hover.x, hover.y);
  return rot === null ? null : { x: hover.x, y: hover.y, tile: s.game.drawn_tile, rot };
}

/** The hint's move, with where its figure would stand; none once it is the choice or sent. */
function suggestion(s, catalog) {
  const hint = s.turn.hint;
  const p = s.turn.pending;
  if (!hint || s.turn.sent || (p && p.x === hint.x && p.y === hint.y && p.rot === hint.rot)) return null;
  const tile = s.game.drawn_tile;
  return { x: hint.x, y: hint.y, rot: hint.rot, tile, at: hint.meeple?.at ?? null, kind: hint.meeple?.kind ?? null,
    feature: hint.meeple ? featureAtSlot(catalog[tile], hint.rot, hint.meeple.at) : null };
}

/**
 * Where the river goes on (River games, while it is open), and the side it comes in from.
 * Only River tiles continue it: once none is left (the lake was discarded), nothing shows.
 * @param {any} g the game view @param {Record<string, import('../board/shapes.js').TileDef>} catalog
 */
export function riverOpen(g, catalog) {
  const open = g.river?.open;
  const left = isRiverTile(catalog[g.drawn_tile]) || Object.keys(g.bag).some((id) => g.bag[id] > 0 && isRiverTile(catalog[id]));
  if (!open || g.finished || !left) return null;
  return { x: open.x, y: open.y, from: riverInflow(g.board, catalog, open.x, open.y) };
}

/**
 * The tile a line of the log points at, lit up with the feature its score event scored (the
 * last move's tile alone, when it is that); null for none.
 * @param {{x: number, y: number, event: any|null}|null} point
 * @param {import('../state.js').ClientState} s @param {Record<string, any>} catalog
 */
export function highlight(point, s, catalog) {
  if (!point || !s.game) return null;
  const e = point.event;
  return { cell: { x: point.x, y: point.y }, parts: e ? scoredParts(e, s.game.board, catalog, st.featuresSince(s, e.turn)) : [] };
}
