// Unit-square outlines of a tile's segments, derived from the catalog only.
// A tile is painted and hit-tested from the same outlines, so what you see is what you hover.
import { EDGES, EDGE_MID, INWARD, edgesOf } from './slots.js';

/**
 * @typedef {{kind: 'city'|'road'|'field', slots: string[], pennant: boolean,
 *   adj_cities: number[]}} Segment
 * @typedef {{edges: string, segments: Segment[], centre: 'monastery'|'garden'|null,
 *   count: Record<string, number>}} TileDef
 * @typedef {[number, number]} Pt
 */

export const ROAD_WIDTH = 0.12;
/** Half the side of the monastery's square footprint. */
export const MONASTERY_HALF = 0.17;

// City outlines in a base orientation; ops: M/L move and line along the tile edge,
// C a cubic curve that is a wall. `edges` is the base edge set the outline covers.
const CITY_SHAPES = [
  { edges: ['N'], ops: [['M', [0, 0]], ['L', [1, 0]], ['C', [0.72, 0.36], [0.28, 0.36], [0, 0]]] },
  { edges: ['N', 'W'], ops: [['M', [0, 1]], ['L', [0, 0]], ['L', [1, 0]],
    ['C', [0.6, 0.3], [0.3, 0.6], [0, 1]]] },
  { edges: ['N', 'S'], ops: [['M', [0, 0]], ['L', [1, 0]], ['C', [0.7, 0.33], [0.7, 0.67], [1, 1]],
    ['L', [0, 1]], ['C', [0.3, 0.67], [0.3, 0.33], [0, 0]]] },
  { edges: ['N', 'E', 'W'], ops: [['M', [0, 1]], ['L', [0, 0]], ['L', [1, 0]], ['L', [1, 1]],
    ['C', [0.7, 0.64], [0.3, 0.64], [0, 1]]] },
  { edges: ['N', 'E', 'S', 'W'], ops: [['M', [0, 0]], ['L', [1, 0]], ['L', [1, 1]], ['L', [0, 1]]] },
];

/** @param {Pt} p @param {number} k quarter turns clockwise @returns {Pt} */
function turn([x, y], k) {
  for (let i = 0; i < k; i++) [x, y] = [1 - y, x];
  return [x, y];
}

/** @param {string[]} base @param {number} k */
function turnEdges(base, k) {
  return base.map((e) => EDGES[(EDGES.indexOf(e) + k) % 4]).sort().join();
}

/**
 * The outline of a city segment touching `edges`: `fill` covers it, `walls` are its inner sides.
 * @param {string[]} edges
 * @returns {{fill: Path2D, walls: Path2D}}
 */
export function cityPaths(edges) {
  const want = [...edges].sort().join();
  for (const shape of CITY_SHAPES) {
    for (let k = 0; k < 4; k++) {
      if (shape.edges.length === edges.length && turnEdges(shape.edges, k) === want) {
        return buildCity(shape.ops, k);
      }
    }
  }
  throw new Error(`no city outline for edges ${want}`);
}

function buildCity(ops, k) {
  const fill = new Path2D();
  const walls = new Path2D();
  let at = [0, 0];
  for (const [op, ...pts] of ops) {
    const [a, b, c] = pts.map((p) => turn(p, k));
    if (op === 'M') fill.moveTo(...a);
    if (op === 'L') fill.lineTo(...a);
    if (op === 'C') {
      fill.bezierCurveTo(...a, ...b, ...c);
      walls.moveTo(...at);
      walls.bezierCurveTo(...a, ...b, ...c);
    }
    at = op === 'C' ? c : a;
  }
  fill.closePath();
  return { fill, walls };
}

/**
 * How a road that reaches only one edge ends on its tile.
 * @param {TileDef} def
 * @returns {'monastery'|'junction'|'wall'|'dead-end'}
 */
export function roadEnd(def) {
  if (def.centre === 'monastery') return 'monastery';
  const singles = def.segments.filter((s) => s.kind === 'road' && edgesOf(s.slots).length === 1);
  if (singles.length >= 3) return 'junction';
  if (def.segments.some((s) => s.kind === 'city')) return 'wall';
  return 'dead-end';
}

/** Where a dead-end road stops in open country. */
export const DEAD_END_AT = 0.42;

/**
 * The centre line of a road segment (stroke it with ROAD_WIDTH).
 * @param {TileDef} def
 * @param {Segment} seg
 */
export function roadPath(def, seg) {
  const edges = edgesOf(seg.slots);
  const path = new Path2D();
  const [a, b] = edges;
  path.moveTo(...EDGE_MID[a]);
  if (edges.length === 2) {
    const [ia, ib] = [INWARD[a], INWARD[b]];
    if (ia[0] + ib[0] === 0 && ia[1] + ib[1] === 0) path.lineTo(...EDGE_MID[b]);
    else {
      const c1 = [EDGE_MID[a][0] + ia[0] * 0.4, EDGE_MID[a][1] + ia[1] * 0.4];
      const c2 = [EDGE_MID[b][0] + ib[0] * 0.4, EDGE_MID[b][1] + ib[1] * 0.4];
      path.bezierCurveTo(...c1, ...c2, ...EDGE_MID[b]);
    }
    return path;
  }
  const end = roadEnd(def);
  if (end === 'wall') {
    const target = cityCentre(def);
    path.quadraticCurveTo(0.5, 0.5, ...target);
  } else if (end === 'dead-end') {
    const [ix, iy] = INWARD[a];
    const [mx, my] = EDGE_MID[a];
    path.lineTo(mx + ix * DEAD_END_AT, my + iy * DEAD_END_AT);
  } else path.lineTo(0.5, 0.5);
  return path;
}

/** Where a road that runs up to a city wall aims: the middle of the city's edges. */
function cityCentre(def) {
  const edges = def.segments.filter((s) => s.kind === 'city').flatMap((s) => edgesOf(s.slots));
  const x = edges.reduce((acc, e) => acc + EDGE_MID[e][0], 0) / edges.length;
  const y = edges.reduce((acc, e) => acc + EDGE_MID[e][1], 0) / edges.length;
  return /** @type {Pt} */ ([x, y]);
}

/** The end point of a dead-end road (where a little house stands). @returns {Pt|null} */
export function deadEndPoint(def) {
  if (roadEnd(def) !== 'dead-end') return null;
  const seg = def.segments.find((s) => s.kind === 'road' && edgesOf(s.slots).length === 1);
  if (!seg) return null;
  const [e] = edgesOf(seg.slots);
  return [EDGE_MID[e][0] + INWARD[e][0] * DEAD_END_AT, EDGE_MID[e][1] + INWARD[e][1] * DEAD_END_AT];
}

/** The monastery's footprint. */
export function monasteryPath() {
  const p = new Path2D();
  p.rect(0.5 - MONASTERY_HALF, 0.5 - MONASTERY_HALF, MONASTERY_HALF * 2, MONASTERY_HALF * 2);
  return p;
}
