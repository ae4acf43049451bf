// Where the touch targets of a chosen (not yet confirmed) tile go. The middle of the tile is a
// rotate hub: a tap there always turns the tile, so "tap it again to turn it" never picks a
// figure. Figure targets whose spot lies in the hub are pushed out of it, and targets are kept
// a finger's width apart. All in tile units ([0, 1] squares); pure, no DOM.

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
  const hub = Math.max(0.14, HUB_PX / 2 / scale);
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
    out[i] = [0.5 + dir[0] * clear, 0.5 + dir[1] * clear];
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
        out[i] = keepOut([out[i][0] - ux * push, out[i][1] - uy * push], clear);
        out[j] = keepOut([out[j][0] + ux * push, out[j][1] + uy * push], clear);
      }
    }
    if (!moved) break;
  }
  return { hub, ring, targets: out };
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

/**
 * The zoom (CSS pixels per tile) at which every target of these spots is a fingertip wide and
 * clear of the others and of the hub, within `most`.
 * @param {Pt[]} spots
 */
export function comfortableScale(spots, most) {
  let need = 200;
  for (let i = 0; i < spots.length; i++) {
    for (let j = i + 1; j < spots.length; j++) {
      const d = dist(spots[i], spots[j]);
      if (d > 0.05) need = Math.max(need, TARGET_PX / d);
    }
  }
  return Math.min(need, most);
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

/** Back outside the hub and inside the tile. @returns {Pt} */
function keepOut(p, clear) {
  let [x, y] = p;
  const d = Math.hypot(x - 0.5, y - 0.5);
  if (d < clear && d > 1e-6) [x, y] = [0.5 + ((x - 0.5) / d) * clear, 0.5 + ((y - 0.5) / d) * clear];
  return [Math.max(0.04, Math.min(0.96, x)), Math.max(0.04, Math.min(0.96, y))];
}
