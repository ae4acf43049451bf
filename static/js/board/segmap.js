// A small raster of each tile that says which segment every point belongs to.
// It is built once per tile id from the outlines in shapes.js (the river's too: it splits the
// fields of its banks as a road does) and answers: which segment is
// under the pointer, where a figure stands on a segment, and which pixels to light up when a
// feature is traced. Fields are found by flooding from their edge slots, so a field that goes
// round a road end stays one piece, as the catalog says.
import { cityPaths, cityDepth, roadPath, monasteryPath, monasteryCentre, riverPaths, ROAD_WIDTH, RIVER_WIDTH } from './shapes.js';
import { SLOTS, INWARD, slotPoint, rotatePoint, unrotatePoint, unrotateSlot, rotateSlot,
  edgesOf } from './slots.js';

/** @typedef {import('./shapes.js').TileDef} TileDef */
/** @typedef {[number, number]} Pt */

/** Raster side in pixels. */
export const MAP = 64;
/** Label of the centre (monastery or garden); segments are labelled index + 1, nothing 0. */
export const CENTRE = 255;
/** The garden's radius: the picture's and the pointer's. */
export const GARDEN_RADIUS = 0.11;

/**
 * @typedef {object} SegmentMap
 * @property {Uint8Array} labels MAP*MAP labels
 * @property {Uint8Array} dist distance in pixels to the nearest other label or tile border
 * @property {Map<number, Pt>} anchors label -> where a figure stands (canonical orientation)
 * @property {Pt|null} garden centre of the garden picture, if any
 */

/** @type {WeakMap<TileDef, SegmentMap>} */
const cache = new WeakMap();

/** @param {TileDef} def @returns {SegmentMap} */
export function segmentMap(def) {
  let map = cache.get(def);
  if (!map) {
    map = build(def);
    cache.set(def, map);
  }
  return map;
}

function scratch() {
  const c = typeof OffscreenCanvas !== 'undefined'
    ? new OffscreenCanvas(MAP, MAP)
    : Object.assign(document.createElement('canvas'), { width: MAP, height: MAP });
  return /** @type {CanvasRenderingContext2D} */ (c.getContext('2d', { willReadFrequently: true }));
}

/** @param {TileDef} def */
function build(def) {
  const labels = new Uint8Array(MAP * MAP);
  const ctx = scratch();
  const stamp = (label, draw) => {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, MAP, MAP);
    ctx.setTransform(MAP, 0, 0, MAP, 0, 0);
    draw();
    const alpha = ctx.getImageData(0, 0, MAP, MAP).data;
    for (let i = 0; i < labels.length; i++) if (alpha[i * 4 + 3] >= 128) labels[i] = label;
  };
  // the river first: a road over it (a bridge) is the road's
  const river = riverPaths(def);
  if (river) {
    stamp(def.segments.findIndex((seg) => seg.kind === 'river') + 1, () => {
      ctx.lineWidth = RIVER_WIDTH;
      ctx.stroke(river.line);
      if (river.pond) ctx.fill(river.pond);
    });
  }
  def.segments.forEach((seg, i) => {
    if (seg.kind !== 'road') return;
    stamp(i + 1, () => {
      ctx.lineWidth = ROAD_WIDTH;
      ctx.stroke(roadPath(def, seg));
    });
  });
  def.segments.forEach((seg, i) => {
    if (seg.kind === 'city') stamp(i + 1, () => ctx.fill(cityPaths(edgesOf(seg.slots), cityDepth(def, seg)).fill));
  });
  if (def.centre === 'monastery') stamp(CENTRE, () => ctx.fill(monasteryPath(monasteryCentre(def))));
  floodFields(def, labels);
  let dist = distances(labels);
  let garden = null;
  if (def.centre === 'garden') {
    garden = gardenSpot(def, labels, dist);
    markDisc(labels, garden, GARDEN_RADIUS, CENTRE);
    dist = distances(labels);
  }
  const spots = anchors(labels, dist);
  if (def.centre) spots.set(CENTRE, garden ?? monasteryCentre(def));
  return { labels, dist, anchors: spots, garden };
}

/** Flood every field from the pixels just inside its slots. */
function floodFields(def, labels) {
  const queue = [];
  def.segments.forEach((seg, i) => {
    if (seg.kind !== 'field') return;
    for (const slot of seg.slots) {
      const [x, y] = slotPoint(slot);
      const edge = ['N', 'E', 'S', 'W'][Math.floor(SLOTS.indexOf(slot) / 3)];
      const [ix, iy] = INWARD[edge];
      const px = clamp(Math.floor((x + ix * 0.03) * MAP));
      const py = clamp(Math.floor((y + iy * 0.03) * MAP));
      if (labels[py * MAP + px] === 0) {
        labels[py * MAP + px] = i + 1;
        queue.push(py * MAP + px);
      }
    }
  });
  const isField = (l) => l > 0 && l !== CENTRE && def.segments[l - 1].kind === 'field';
  spread(labels, queue, (l) => l === 0);
  // An inner field touches no edge, so no slot seeds it: it is the largest stretch of land
  // that no edge field reached (enclosed by walls). A tile has one at most.
  const inner = def.segments.findIndex((seg) => seg.kind === 'field' && !seg.slots.length);
  if (inner >= 0) {
    const lake = largestUnlabelled(labels);
    for (const i of lake) labels[i] = inner + 1;
  }
  // Pixels no seed reached (slivers between outlines) join the nearest field, and a pocket
  // between two town caps at a corner, which no field reaches, its nearest segment.
  const rest = [];
  for (let i = 0; i < labels.length; i++) if (isField(labels[i])) rest.push(i);
  spread(labels, rest, (l) => l === 0);
  const any = [];
  for (let i = 0; i < labels.length; i++) if (labels[i]) any.push(i);
  spread(labels, any, (l) => l === 0);
}

/** The pixels of the largest 4-connected stretch of unlabelled pixels. */
function largestUnlabelled(labels) {
  const seen = new Uint8Array(labels.length);
  let best = [];
  for (let start = 0; start < labels.length; start++) {
    if (labels[start] || seen[start]) continue;
    const part = [start];
    seen[start] = 1;
    for (let head = 0; head < part.length; head++) {
      const i = part[head];
      const x = i % MAP;
      for (const j of [x + 1 < MAP ? i + 1 : -1, x > 0 ? i - 1 : -1, i + MAP, i - MAP]) {
        if (j >= 0 && j < labels.length && !labels[j] && !seen[j]) {
          seen[j] = 1;
          part.push(j);
        }
      }
    }
    if (part.length > best.length) best = part;
  }
  return best;
}

/** Breadth-first spread of labels from `queue` into pixels where `open(label)` holds. */
function spread(labels, queue, open) {
  for (let head = 0; head < queue.length; head++) {
    const i = queue[head];
    const x = i % MAP;
    const y = (i - x) / MAP;
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const nx = x + dx;
      const ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= MAP || ny >= MAP) continue;
      const j = ny * MAP + nx;
      if (open(labels[j])) {
        labels[j] = labels[i];
        queue.push(j);
      }
    }
  }
}

/** Chessboard distance of every pixel to a pixel of another label or to the tile border. */
function distances(labels) {
  const dist = new Uint8Array(MAP * MAP).fill(255);
  const queue = [];
  for (let y = 0; y < MAP; y++) {
    for (let x = 0; x < MAP; x++) {
      const i = y * MAP + x;
      const border = x === 0 || y === 0 || x === MAP - 1 || y === MAP - 1;
      const differs = !border && [1, -1, MAP, -MAP].some((d) => labels[i + d] !== labels[i]);
      if (border || differs) {
        dist[i] = 0;
        queue.push(i);
      }
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const i = queue[head];
    const x = i % MAP;
    const y = (i - x) / MAP;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= MAP || ny >= MAP) continue;
        const j = ny * MAP + nx;
        if (labels[j] === labels[i] && dist[j] > dist[i] + 1) {
          dist[j] = dist[i] + 1;
          queue.push(j);
        }
      }
    }
  }
  return dist;
}

/** For each label, its most interior pixel (ties go to the one nearest the tile centre). */
function anchors(labels, dist) {
  /** @type {Map<number, {score: number, pt: Pt}>} */
  const best = new Map();
  for (let i = 0; i < labels.length; i++) {
    if (!labels[i]) continue;
    const x = (i % MAP + 0.5) / MAP;
    const y = (Math.floor(i / MAP) + 0.5) / MAP;
    const score = dist[i] - Math.hypot(x - 0.5, y - 0.5);
    const cur = best.get(labels[i]);
    if (!cur || score > cur.score) best.set(labels[i], { score, pt: [x, y] });
  }
  return new Map([...best].map(([l, v]) => [l, v.pt]));
}

/** The most open point of the tile's fields, where the garden picture goes. */
function gardenSpot(def, labels, dist) {
  let bestI = 0;
  let bestScore = -1;
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i];
    if (!l || def.segments[l - 1].kind !== 'field') continue;
    const x = (i % MAP + 0.5) / MAP;
    const y = (Math.floor(i / MAP) + 0.5) / MAP;
    const score = Math.min(dist[i], 12) - Math.hypot(x - 0.5, y - 0.5) * 4;
    if (score > bestScore) [bestI, bestScore] = [i, score];
  }
  return /** @type {Pt} */ ([(bestI % MAP + 0.5) / MAP, (Math.floor(bestI / MAP) + 0.5) / MAP]);
}

function markDisc(labels, [cx, cy], r, label) {
  for (let i = 0; i < labels.length; i++) {
    const x = (i % MAP + 0.5) / MAP;
    const y = (Math.floor(i / MAP) + 0.5) / MAP;
    if (Math.hypot(x - cx, y - cy) <= r) labels[i] = label;
  }
}

function clamp(v) {
  return Math.max(0, Math.min(MAP - 1, v));
}

/** Label at a canonical tile-local point. */
export function labelAt(map, [x, y]) {
  return map.labels[clamp(Math.floor(y * MAP)) * MAP + clamp(Math.floor(x * MAP))];
}

/** Distance (in tile units) from a canonical point to the nearest other segment. */
export function distAt(map, [x, y]) {
  return map.dist[clamp(Math.floor(y * MAP)) * MAP + clamp(Math.floor(x * MAP))] / MAP;
}

/**
 * The label of the segment that covers a board-oriented slot ("C" is the centre).
 * @param {TileDef} def @param {number} rot @param {string} slot
 */
export function labelOfSlot(def, rot, slot) {
  if (slot === 'C') return innerField(def) || CENTRE;
  const canonical = unrotateSlot(slot, rot);
  const i = def.segments.findIndex((s) => s.slots.includes(canonical));
  return i + 1;
}

/**
 * The label of a tile's inner field (a field that touches no edge, named `C` by a figure on
 * it), or 0. Its `C` is the field's, not the garden's, when a tile has both (I03): only the
 * abbot stands in the garden, and the garden lies in the field.
 * @param {TileDef} def
 */
export function innerField(def) {
  return def.segments.findIndex((seg) => seg.kind === 'field' && !seg.slots.length) + 1;
}

/** Board-oriented slots of a label ("C" for the centre and for an inner field). */
export function slotsOfLabel(def, rot, label) {
  if (label === CENTRE) return ['C'];
  if (!label) return [];
  if (label === innerField(def)) return ['C'];
  return def.segments[label - 1].slots.map((s) => rotateSlot(s, rot));
}

/** The label under a board-oriented tile-local point. */
export function labelAtBoard(def, rot, pt) {
  return labelAt(segmentMap(def), unrotatePoint(pt, rot));
}

/**
 * Where a figure on a board-oriented slot stands, tile-local, board orientation. An abbot at
 * `C` stands in the garden or monastery, whatever else the tile's `C` names.
 * @param {TileDef} def @param {number} rot @param {string} slot @param {string} [kind] the figure's kind
 * @returns {Pt}
 */
export function figurePoint(def, rot, slot, kind) {
  const map = segmentMap(def);
  const label = kind === 'abbot' && slot === 'C' ? CENTRE : labelOfSlot(def, rot, slot);
  const pt = map.anchors.get(label) ?? [0.5, 0.5];
  return rotatePoint(pt, rot);
}
