// Unit-square outlines of a tile's segments, derived from the catalog only.
// A tile is painted and hit-tested from the same outlines, so what you see is what you hover.
import { SLOTS, EDGES, EDGE_MID, INWARD, edgesOf } from './slots.js';

/**
 * @typedef {{kind: 'city'|'road'|'field'|'river', slots: string[], pennant: boolean,
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
 * `depth` scales how far its walls bow into the tile (1: as drawn; see `cityDepth`).
 * @param {string[]} edges @param {number} [depth]
 * @returns {{fill: Path2D, walls: Path2D}}
 */
export function cityPaths(edges, depth = 1) {
  const want = [...edges].sort().join();
  for (const shape of CITY_SHAPES) {
    for (let k = 0; k < 4; k++) {
      if (shape.edges.length === edges.length && turnEdges(shape.edges, k) === want) {
        return buildCity(shape.ops, k, depth);
      }
    }
  }
  throw new Error(`no city outline for edges ${want}`);
}

/**
 * How deep a city's walls bow on its tile. A tile with an inner field (T05, T06, I03) needs
 * room for it between its towns: there a town on one edge keeps close to it, and a band
 * across the tile is drawn thinner; elsewhere the towns are drawn as usual.
 * @param {TileDef} def @param {Segment} seg
 */
export function cityDepth(def, seg) {
  if (!def.segments.some((s) => s.kind === 'field' && !s.slots.length)) return 1;
  const edges = edgesOf(seg.slots);
  if (edges.length === 1) return 0.75;
  return edges.length === 2 && opposite(edges[0], edges[1]) ? 1.45 : 1;
}

/** A control point of a wall moved `depth` times as far from the wall's chord `a`-`b`. */
function bow(p, [ax, ay], [bx, by], depth) {
  const [dx, dy] = [bx - ax, by - ay];
  const t = ((p[0] - ax) * dx + (p[1] - ay) * dy) / (dx * dx + dy * dy);
  const [qx, qy] = [ax + dx * t, ay + dy * t];
  return [qx + (p[0] - qx) * depth, qy + (p[1] - qy) * depth];
}

function buildCity(ops, k, depth) {
  const fill = new Path2D();
  const walls = new Path2D();
  let at = [0, 0];
  for (const [op, ...pts] of ops) {
    let [a, b, c] = pts.map((p) => turn(p, k));
    if (op === 'C' && depth !== 1) [a, b] = [bow(a, at, c, depth), bow(b, at, c, depth)];
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
  // two roads from opposite edges meeting between two separate city caps (I07): a crossing
  const caps = def.segments.filter((s) => s.kind === 'city').every((s) => edgesOf(s.slots).length === 1);
  if (singles.length === 2 && caps && opposite(edgesOf(singles[0].slots)[0], edgesOf(singles[1].slots)[0])) return 'junction';
  if (def.segments.some((s) => s.kind === 'city')) return 'wall';
  return 'dead-end';
}

/** Where a dead-end road stops in open country. */
export const DEAD_END_AT = 0.42;

/**
 * A centre line as one cubic Bézier curve `[p0, c1, c2, p3]` (straight lines and quadratic
 * curves are cubics too): a road or the river is stroked along it, and points on it can be
 * computed without a canvas (where a road bridges the river).
 * @typedef {[Pt, Pt, Pt, Pt]} Curve
 */

/** A straight line as a cubic. @returns {Curve} */
function line(a, b) {
  return [a, lerp(a, b, 1 / 3), lerp(a, b, 2 / 3), b];
}

/** @param {Pt} a @param {Pt} b @param {number} t @returns {Pt} */
function lerp(a, b, t) {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}

/** The curve from the middle of edge `a` to the middle of the adjacent edge `b`, bent inwards. */
function bend(a, b, inset) {
  const [ia, ib] = [INWARD[a], INWARD[b]];
  return /** @type {Curve} */ ([EDGE_MID[a], [EDGE_MID[a][0] + ia[0] * inset, EDGE_MID[a][1] + ia[1] * inset],
    [EDGE_MID[b][0] + ib[0] * inset, EDGE_MID[b][1] + ib[1] * inset], EDGE_MID[b]]);
}

/** How far into its tile a road that crosses another one (T22) runs before its dead end. */
const CROSSING_END = 0.74;

/**
 * A road that passes over the tile's other road and ends beyond it (T22's west road, on a
 * bridge over the south road into the east field), or null. The catalog says so without
 * saying it: of two roads from neighbouring edges that end on a tile with a town, the field
 * in the corner between them borders no town, which it would if both ran to the town's gate.
 * The road on the later edge (clockwise) is the one that crosses.
 * @param {TileDef} def @returns {Segment|null}
 */
export function crossingRoad(def) {
  const singles = def.segments.filter((s) => s.kind === 'road' && edgesOf(s.slots).length === 1);
  if (singles.length !== 2 || def.centre || !def.segments.some((s) => s.kind === 'city')) return null;
  const [a, b] = singles.map((s) => EDGES.indexOf(edgesOf(s.slots)[0]));
  const later = (b - a + 4) % 4 === 1 ? 1 : (a - b + 4) % 4 === 1 ? 0 : -1;
  if (later < 0) return null;
  const first = later === 1 ? a : b;
  const corner = [SLOTS[first * 3 + 2], SLOTS[((first + 1) % 4) * 3]];
  const field = def.segments.find((s) => s.kind === 'field' && corner.every((slot) => s.slots.includes(slot)));
  return field && !field.adj_cities.length ? singles[later] : null;
}

/** True when two edges face each other across the tile. */
function opposite(a, b) {
  return INWARD[a][0] + INWARD[b][0] === 0 && INWARD[a][1] + INWARD[b][1] === 0;
}

/**
 * The centre line of a road segment (stroke it with ROAD_WIDTH).
 * @param {TileDef} def
 * @param {Segment} seg
 * @returns {Curve}
 */
export function roadCurve(def, seg) {
  const edges = edgesOf(seg.slots);
  const [a, b] = edges;
  const from = EDGE_MID[a];
  if (edges.length === 2) return opposite(a, b) ? line(from, EDGE_MID[b]) : bend(a, b, 0.4);
  if (seg === crossingRoad(def)) return line(from, [from[0] + INWARD[a][0] * CROSSING_END, from[1] + INWARD[a][1] * CROSSING_END]);
  const end = roadEnd(def);
  if (end === 'wall') {
    // a quadratic through the tile's middle, as a cubic
    const to = cityCentre(def);
    return [from, lerp(from, [0.5, 0.5], 2 / 3), lerp(to, [0.5, 0.5], 2 / 3), to];
  }
  if (end === 'dead-end') {
    const [ix, iy] = INWARD[a];
    return line(from, [from[0] + ix * DEAD_END_AT, from[1] + iy * DEAD_END_AT]);
  }
  return line(from, def.centre === 'monastery' ? monasteryCentre(def) : [0.5, 0.5]);
}

/** The centre line of a road segment as a path. @param {TileDef} def @param {Segment} seg */
export function roadPath(def, seg) {
  return curvePath(roadCurve(def, seg));
}

/** @param {Curve} c */
export function curvePath([p0, c1, c2, p3]) {
  const path = new Path2D();
  path.moveTo(...p0);
  path.bezierCurveTo(...c1, ...c2, ...p3);
  return path;
}

/** The point at `t` (0..1) of a curve. @param {Curve} c @returns {Pt} */
export function pointOn([p0, c1, c2, p3], t) {
  const u = 1 - t;
  const k = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
  return [k[0] * p0[0] + k[1] * c1[0] + k[2] * c2[0] + k[3] * p3[0],
    k[0] * p0[1] + k[1] * c1[1] + k[2] * c2[1] + k[3] * p3[1]];
}

/** The river is wider than a road: a phone shows it at a glance. */
export const RIVER_WIDTH = 0.17;
/** Where the spring's pond and the lake lie, measured from the river's one edge, and their radius. */
const POND_AT = 0.56;
export const POND_RADIUS = 0.22;

/** The tile's river segment, or null. @param {TileDef} def */
export function riverSegment(def) {
  return def.segments.find((s) => s.kind === 'river') ?? null;
}

/**
 * The centre line of the river on a River tile (RIVER.md): straight across, a bend between two
 * adjacent edges, or from its one edge to the pond of the spring or the lake. On the tile with
 * a monastery in the middle the river bows round it, on the side its road comes from.
 * @param {TileDef} def
 * @returns {Curve|null}
 */
export function riverCurve(def) {
  const seg = riverSegment(def);
  if (!seg) return null;
  const [a, b] = edgesOf(seg.slots);
  const from = EDGE_MID[a];
  if (!b) {
    const [ix, iy] = INWARD[a];
    return line(from, [from[0] + ix * (POND_AT - POND_RADIUS * 0.5), from[1] + iy * (POND_AT - POND_RADIUS * 0.5)]);
  }
  if (!opposite(a, b)) return bend(a, b, 0.45);
  const side = bowSide(def);
  if (!side) return line(from, EDGE_MID[b]);
  const [sx, sy] = INWARD[side].map((v) => -v * 0.4);
  const to = EDGE_MID[b];
  return [from, [from[0] + (to[0] - from[0]) * 0.3 + sx, from[1] + (to[1] - from[1]) * 0.3 + sy],
    [from[0] + (to[0] - from[0]) * 0.7 + sx, from[1] + (to[1] - from[1]) * 0.7 + sy], to];
}

/**
 * The edge a straight river bows towards to leave room for a monastery in the middle of its
 * tile: the side its road comes from (the road bridges the river to reach the monastery).
 * Null when the river does not bow. @param {TileDef} def @returns {string|null}
 */
function bowSide(def) {
  const seg = riverSegment(def);
  if (!seg || def.centre !== 'monastery') return null;
  const [a, b] = edgesOf(seg.slots);
  if (!b || !opposite(a, b)) return null;
  const roads = def.segments.filter((s) => s.kind === 'road').flatMap((s) => edgesOf(s.slots));
  const across = EDGES.filter((e) => e !== a && e !== b);
  return across.find((e) => roads.includes(e)) ?? across[0];
}

/** The middle of a tile's monastery: its centre, or moved away from a river that bows round it. */
export function monasteryCentre(def) {
  const side = bowSide(def);
  if (!side) return /** @type {Pt} */ ([0.5, 0.5]);
  return /** @type {Pt} */ ([0.5 + INWARD[side][0] * 0.1, 0.5 + INWARD[side][1] * 0.1]);
}

/**
 * The pond the river starts from (the spring) or ends in (the lake): a tile with one river
 * edge. @param {TileDef} def @returns {{centre: Pt, r: number}|null}
 */
export function riverPond(def) {
  const seg = riverSegment(def);
  const edges = seg ? edgesOf(seg.slots) : [];
  if (edges.length !== 1) return null;
  const [ix, iy] = INWARD[edges[0]];
  const [mx, my] = EDGE_MID[edges[0]];
  return { centre: [mx + ix * POND_AT, my + iy * POND_AT], r: POND_RADIUS };
}

/** The river's outline: its centre line stroked RIVER_WIDTH wide, plus the pond. */
export function riverPaths(def) {
  const curve = riverCurve(def);
  if (!curve) return null;
  const pond = riverPond(def);
  const disc = new Path2D();
  if (pond) disc.arc(...pond.centre, pond.r, 0, Math.PI * 2);
  return { line: curvePath(curve), pond: pond ? disc : null };
}

/**
 * Where a road of a tile passes over another road of it without meeting it (T22, T23: two
 * roads, no crossing), with the upper road and its bridge.
 * @param {TileDef} def @returns {{seg: Segment, bridge: {at: Pt, angle: number}}[]}
 */
export function overpasses(def) {
  const roads = def.segments.filter((s) => s.kind === 'road');
  const found = [];
  roads.forEach((seg, i) => {
    const curve = roadCurve(def, seg);
    for (const under of roads.slice(0, i)) {
      const hit = crossing(curve, roadCurve(def, under));
      if (hit) found.push({ seg, bridge: hit });
    }
  });
  return found;
}

/** Where curve `a` crosses curve `b` away from both ends, as a bridge on `a`, or null. */
function crossing(a, b) {
  const along = Array.from({ length: 33 }, (_, i) => pointOn(b, i / 32));
  for (let i = 4; i <= 28; i++) {
    const p = pointOn(a, i / 32);
    if (along.slice(4, 29).some((q) => Math.hypot(p[0] - q[0], p[1] - q[1]) < ROAD_WIDTH / 3)) {
      const [u, v] = [pointOn(a, (i - 1) / 32), pointOn(a, (i + 1) / 32)];
      return { at: p, angle: Math.atan2(v[1] - u[1], v[0] - u[0]) };
    }
  }
  return null;
}

/**
 * Where a road crosses the river on a tile (a bridge: the road is one piece over it), and the
 * road's direction there (radians). Found on the two centre lines, so it is the same point the
 * picture shows. @param {TileDef} def @returns {{at: Pt, angle: number}[]}
 */
export function bridges(def) {
  const river = riverCurve(def);
  if (!river) return [];
  const along = Array.from({ length: 65 }, (_, i) => pointOn(river, i / 64));
  const found = [];
  for (const seg of def.segments) {
    if (seg.kind !== 'road') continue;
    const road = roadCurve(def, seg);
    let best = { d: Infinity, t: 0 };
    for (let i = 0; i <= 64; i++) {
      const p = pointOn(road, i / 64);
      const d = Math.min(...along.map((q) => Math.hypot(p[0] - q[0], p[1] - q[1])));
      if (d < best.d) best = { d, t: i / 64 };
    }
    if (best.d > ROAD_WIDTH / 2) continue;
    const [a, b] = [pointOn(road, Math.max(0, best.t - 0.02)), pointOn(road, Math.min(1, best.t + 0.02))];
    found.push({ at: pointOn(road, best.t), angle: Math.atan2(b[1] - a[1], b[0] - a[0]) });
  }
  return found;
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
  const crossing = crossingRoad(def);
  if (crossing) return pointOn(roadCurve(def, crossing), 1);
  if (roadEnd(def) !== 'dead-end') return null;
  const seg = def.segments.find((s) => s.kind === 'road' && edgesOf(s.slots).length === 1);
  if (!seg) return null;
  const [e] = edgesOf(seg.slots);
  return [EDGE_MID[e][0] + INWARD[e][0] * DEAD_END_AT, EDGE_MID[e][1] + INWARD[e][1] * DEAD_END_AT];
}

/** The monastery's footprint around its middle. @param {Pt} [centre] */
export function monasteryPath([x, y] = [0.5, 0.5]) {
  const p = new Path2D();
  p.rect(x - MONASTERY_HALF, y - MONASTERY_HALF, MONASTERY_HALF * 2, MONASTERY_HALF * 2);
  return p;
}
