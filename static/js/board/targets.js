// Where the touch targets of a chosen (not yet confirmed) tile go. The middle of the tile is a
// rotate hub: a tap there always turns the tile, so "tap it again to turn it" never picks a
// figure. Figure targets whose spot lies in the hub are pushed out of it, and targets are kept
// a finger's width apart: inside the tile while they fit there, else around it (the camera
// never zooms in for them, so at a small zoom they ring the tile). All in tile units ([0, 1]
// is the tile); pure, no DOM.

/** CSS pixels: a figure target's diameter and the rotate hub's, at least a fingertip. */
export const TARGET_PX = 44;
export const HUB_PX = 44;
const CENTRE = [0.5, 0.5];
const DIRS = Array.from({ length: 8 }, (_, i) => [Math.cos((i * Math.PI) / 4), Math.sin((i * Math.PI) / 4)]);

/**
 * @typedef {[number, number]} Pt
 * @typedef {{hub: number, ring: number, targets: Pt[]}} Layout radii and target centres, tile units
 */

/**
 * @param {Pt[]} spots where each figure would stand (tile units)
 * @param {number} scale CSS pixels per tile
 * @returns {Layout}
 */
export function layoutTargets(spots, scale) {
  const ring = TARGET_PX / 2 / scale;
  // never more than the tile: at a small zoom the whole tile turns it anyway
  const hub = Math.min(0.5, Math.max(0.14, HUB_PX / 2 / scale));
  const inside = spread(spots, ring, hub, INSIDE);
  if (apart(inside, ring) && inside.every((t) => dist(t, CENTRE) >= (hub + ring) * 0.999)) return { hub, ring, targets: inside };
  // they do not fit on the tile: around it, as far out as a ring of fingertips needs
  return { hub, ring, targets: spread(spots, ring, hub, hub + ring * 3) };
}

/** Half the side of the square (around the tile's middle) targets stay in while they fit. */
const INSIDE = 0.46;

/** Are the targets a fingertip apart? @param {Pt[]} targets @param {number} ring */
function apart(targets, ring) {
  return targets.every((a, i) => targets.every((b, j) => j <= i || dist(a, b) >= ring * 2 * 0.999));
}

/**
 * The targets pushed out of the hub and apart, kept within `reach` of the tile's middle.
 * @param {Pt[]} spots @param {number} ring @param {number} hub @param {number} reach
 * @returns {Pt[]}
 */
function spread(spots, ring, hub, reach) {
  const out = spots.map((p) => /** @type {Pt} */ ([...p]));
  const clear = hub + ring;
  out.forEach((p, i) => {
    const d = dist(p, CENTRE);
    if (d >= clear) return;
    let dir;
    if (d > 1e-3) dir = [(p[0] - 0.5) / d, (p[1] - 0.5) / d];
    else {
      // a spot on the centre itself (a monastery, a garden): the way that is most free
      const others = out.filter((_, j) => j !== i);
      dir = DIRS.reduce((best, cand) => (room(cand, others, clear) > room(best, others, clear) ? cand : best));
    }
    out[i] = keepOut([0.5 + dir[0] * clear, 0.5 + dir[1] * clear], clear, reach);
  });
  // a few rounds of pushing apart targets that overlap, never back into the hub
  for (let round = 0; round < 12; round++) {
    let moved = false;
    for (let i = 0; i < out.length; i++) {
      for (let j = i + 1; j < out.length; j++) {
        const d = dist(out[i], out[j]);
        if (d >= ring * 2 * 0.999) continue;
        moved = true;
        const [ux, uy] = d > 1e-6 ? [(out[j][0] - out[i][0]) / d, (out[j][1] - out[i][1]) / d] : [1, 0];
        const push = (ring * 2 - d) / 2;
        out[i] = keepOut([out[i][0] - ux * push, out[i][1] - uy * push], clear, reach);
        out[j] = keepOut([out[j][0] + ux * push, out[j][1] + uy * push], clear, reach);
      }
    }
    if (!moved) break;
  }
  return out;
}

/**
 * What a tap at tile point (u, v) of the chosen tile means: a figure target (its index) when it
 * lands on one, else "rotate".
 * @param {Layout} layout
 * @returns {{spot: number}|{rotate: true}}
 */
export function hitTarget(layout, u, v) {
  if (dist([u, v], CENTRE) <= layout.hub) return { rotate: true };
  let best = -1;
  let bestD = layout.ring;
  layout.targets.forEach((t, i) => {
    const d = dist(t, [u, v]);
    if (d <= bestD) [best, bestD] = [i, d];
  });
  return best >= 0 ? { spot: best } : { rotate: true };
}

function dist(a, b) {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

/** How far a target pushed out of the hub along `dir` stays from the other targets. */
function room(dir, others, clear) {
  const p = [0.5 + dir[0] * clear, 0.5 + dir[1] * clear];
  const inside = Math.min(p[0], p[1], 1 - p[0], 1 - p[1]);
  return Math.min(inside * 2, ...others.map((o) => dist(o, p)));
}

/** Back outside the hub and within `reach` of the tile's middle. @returns {Pt} */
function keepOut(p, clear, reach) {
  let [x, y] = p;
  const d = Math.hypot(x - 0.5, y - 0.5);
  if (d < clear && d > 1e-6) [x, y] = [0.5 + ((x - 0.5) / d) * clear, 0.5 + ((y - 0.5) / d) * clear];
  const clamp = (c) => Math.max(0.5 - reach, Math.min(0.5 + reach, c));
  return [clamp(x), clamp(y)];
}
