// Slot names, rotation and positions inside one tile (TILES.md). Pure functions, no DOM.
// Tile-local coordinates are in the unit square: x to the east, y to the south.

/** The twelve edge slots, clockwise from the north edge's west half. */
export const SLOTS = ['NNW', 'N', 'NNE', 'ENE', 'E', 'ESE', 'SSE', 'S', 'SSW', 'WSW', 'W', 'WNW'];
/** The four edges, clockwise. */
export const EDGES = ['N', 'E', 'S', 'W'];

/** @type {Record<string, [number, number]>} middle of each edge */
export const EDGE_MID = { N: [0.5, 0], E: [1, 0.5], S: [0.5, 1], W: [0, 0.5] };
/** @type {Record<string, [number, number]>} unit vector from each edge into the tile */
export const INWARD = { N: [0, 1], E: [-1, 0], S: [0, -1], W: [1, 0] };

/**
 * A slot turned clockwise by `rot` degrees ("C" stays "C").
 * @param {string} slot
 * @param {number} rot 0, 90, 180 or 270
 */
export function rotateSlot(slot, rot) {
  const i = SLOTS.indexOf(slot);
  if (i < 0) return slot;
  return SLOTS[(i + (rot / 90) * 3) % 12];
}

/** The slot that `rotateSlot(_, rot)` turns into `slot`. */
export function unrotateSlot(slot, rot) {
  return rotateSlot(slot, (360 - rot) % 360);
}

/**
 * A tile-local point turned clockwise by `rot` degrees about the tile centre.
 * @param {[number, number]} p
 * @param {number} rot
 * @returns {[number, number]}
 */
export function rotatePoint([x, y], rot) {
  for (let k = 0; k < rot / 90; k++) [x, y] = [1 - y, x];
  return [x, y];
}

/** The point that `rotatePoint(_, rot)` turns into `p`. */
export function unrotatePoint(p, rot) {
  return rotatePoint(p, (360 - rot) % 360);
}

/** Where a slot sits on the tile edge. @returns {[number, number]} */
export function slotPoint(slot) {
  const i = SLOTS.indexOf(slot);
  const edge = Math.floor(i / 3);
  const t = [0.25, 0.5, 0.75][i % 3];
  return [[t, 0], [1, t], [1 - t, 1], [0, 1 - t]][edge];
}

/**
 * The edges a road or city segment runs to (an edge counts when its middle slot is covered).
 * @param {string[]} slots
 */
export function edgesOf(slots) {
  return EDGES.filter((e) => slots.includes(e));
}
