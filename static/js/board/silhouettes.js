// The outlines of the figures, as polygons and circles in figure units: one unit high, centred
// on (0, 0), x to the right and y down. Pure data and geometry: figures.js paints them, the
// unit tests measure them (no canvas needed).

/** @typedef {[number, number]} Pt */
/**
 * @typedef {object} Silhouette
 * @property {Pt[][]} polygons filled together with `circles` (they may overlap)
 * @property {[number, number, number][]} circles centre x, centre y, radius
 * @property {[number, number, number]} emblem where the colour's emblem sits: its centre x, y
 *   and its width, on the flat of the body
 * @property {[number, number, number, number, number]} snow the snow cap: an arc's centre x, y,
 *   radius, start and end angle (the top of the head, the hat, the back)
 */

/** The right half of a figure, mirrored into a whole polygon. @param {Pt[]} half */
function mirrored(half) {
  return [...half, ...[...half].reverse().map(([x, y]) => /** @type {Pt} */ ([-x, y]))];
}

/** A polygon round an ellipse. */
function ellipse(cx, cy, rx, ry, n = 20) {
  return Array.from({ length: n }, (_, i) => {
    const a = (i * 2 * Math.PI) / n;
    return /** @type {Pt} */ ([cx + Math.cos(a) * rx, cy + Math.sin(a) * ry]);
  });
}

/** A rectangle from its corner (x, y), `w` wide and `h` high. @returns {Pt[]} */
function box(x, y, w, h) {
  return [[x, y], [x + w, y], [x + w, y + h], [x, y + h]];
}

/** @type {Record<string, Silhouette>} */
export const SILHOUETTES = {
  // the follower: a head, arms held out, two legs
  follower: {
    polygons: [mirrored([[0, 0.27], [0.09, 0.47], [0.34, 0.47], [0.2, 0.06], [0.44, 0.05], [0.44, -0.1], [0.1, -0.2]])],
    circles: [[0, -0.33, 0.17]],
    emblem: [0, 0.04, 0.32],
    snow: [0, -0.4, 0.16, Math.PI * 1.1, Math.PI * 1.9],
  },
  // the abbot: a hooded robe, wide at the hem
  abbot: {
    polygons: [mirrored([[0, -0.52], [0.086, -0.4625], [0.145, -0.39], [0.176, -0.3025], [0.18, -0.2], [0.36, 0.47]])],
    circles: [],
    emblem: [0, 0.16, 0.3],
    snow: [0, -0.44, 0.09, Math.PI, 0],
  },
  // the builder: stocky, arms down but one raised with a hammer, a brimmed hat
  builder: {
    polygons: [
      [[-0.24, -0.14], [0.24, -0.14], [0.3, 0.2], [0.28, 0.47], [0.06, 0.47], [0, 0.3], [-0.06, 0.47], [-0.28, 0.47], [-0.3, 0.2]],
      [[0.14, -0.13], [0.26, -0.06], [0.42, -0.3], [0.32, -0.36]],
      box(0.345, -0.48, 0.065, 0.2),
      box(0.26, -0.52, 0.24, 0.1),
      box(-0.21, -0.37, 0.42, 0.05),
      [[-0.12, -0.5], [0.12, -0.5], [0.14, -0.35], [-0.14, -0.35]],
    ],
    circles: [[0, -0.27, 0.14]],
    emblem: [0, 0.07, 0.32],
    snow: [0, -0.44, 0.12, Math.PI * 1.15, Math.PI * 1.85],
  },
  // the pig, from the side: a round body on four short legs, its snout to the right
  pig: {
    polygons: [
      ellipse(-0.05, 0.06, 0.4, 0.25),
      [[0.42, -0.07], [0.51, -0.08], [0.52, 0.07], [0.42, 0.07]],
      [[0.2, -0.15], [0.27, -0.31], [0.34, -0.16]],
      ...[-0.33, -0.18, 0.06, 0.2].map((x) => box(x, 0.2, 0.1, 0.23)),
      [[-0.43, 0.0], [-0.51, -0.06], [-0.48, -0.13], [-0.42, -0.12], [-0.45, -0.07], [-0.4, -0.03]],
    ],
    circles: [[0.3, -0.02, 0.17]],
    emblem: [-0.08, 0.08, 0.3],
    snow: [-0.05, 0.12, 0.38, Math.PI * 1.2, Math.PI * 1.8],
  },
};

/** Is point (x, y) inside polygon `poly` (even-odd)? @param {Pt[]} poly */
function inPolygon(poly, x, y) {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [[xi, yi], [xj, yj]] = [poly[i], poly[j]];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Is figure point (x, y) on the figure? @param {Silhouette} s */
export function onSilhouette(s, x, y) {
  return s.polygons.some((p) => inPolygon(p, x, y)) || s.circles.some(([cx, cy, r]) => Math.hypot(x - cx, y - cy) <= r);
}

/** Twice the signed area of a polygon: positive when it turns the way `arc()` does. @param {Pt[]} poly */
export function turning(poly) {
  let sum = 0;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) sum += poly[j][0] * poly[i][1] - poly[i][0] * poly[j][1];
  return sum;
}

/**
 * The silhouette's outline as one path. Its parts overlap, and a non-zero fill leaves a hole
 * where two parts turn opposite ways: each polygon is laid the way the circles turn.
 * @param {Silhouette} s
 */
export function silhouettePath(s) {
  const path = new Path2D();
  for (const poly of s.polygons) {
    const [first, ...rest] = turning(poly) < 0 ? [...poly].reverse() : poly;
    path.moveTo(...first);
    for (const [x, y] of rest) path.lineTo(x, y);
    path.closePath();
  }
  for (const [cx, cy, r] of s.circles) {
    path.moveTo(cx + r, cy);
    path.arc(cx, cy, r, 0, Math.PI * 2);
  }
  return path;
}
