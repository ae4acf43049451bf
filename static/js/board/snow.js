// The snowfields, the ground of every tile: a tone that changes from tile to tile and within
// one (drifts of light and shade), wind ridges, and pines where a field is wide open. The snow
// is painted in the board's orientation, before the tile is turned, so that the wind drifts
// it the same way on every tile: a late board reads as one landscape, not as a chequer of
// white squares.
import { PALETTE } from './palette.js';
import { labelAt, distAt, CENTRE } from './segmap.js';

/** @typedef {[number, number]} Pt */

/** Where the wind blows from: the ridges lie across it (radians, board orientation). */
const WIND = -0.32;

/**
 * The snow over the whole unit square of `ctx`, in the board's orientation. With `detail`
 * (a large bitmap) it glitters a little; at a small size it keeps its tone and ridges only.
 * @param {CanvasRenderingContext2D} ctx @param {() => number} rnd @param {boolean} detail
 */
export function paintSnow(ctx, rnd, detail) {
  ctx.fillStyle = PALETTE.snow;
  ctx.fillRect(0, 0, 1, 1);
  // drifts: broad soft patches, lighter and darker, placed anew on every tile
  for (const [inner, outer] of [PALETTE.drift, PALETTE.hollow, PALETTE.drift, PALETTE.hollow]) {
    const x = rnd();
    const y = rnd();
    const r = 0.3 + rnd() * 0.4;
    const g = ctx.createRadialGradient(x, y, 0, x, y, r);
    g.addColorStop(0, inner);
    g.addColorStop(1, outer);
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, 1, 1);
  }
  // wind ridges: a blue shadow under a bright crest, all lying the same way
  ctx.lineCap = 'round';
  for (let i = 0; i < 5; i++) {
    const x = rnd();
    const y = rnd();
    const half = 0.1 + rnd() * 0.16;
    const a = WIND + (rnd() - 0.5) * 0.3;
    const [dx, dy] = [Math.cos(a) * half, Math.sin(a) * half];
    // bowed a little, mostly downwind
    const bow = ((rnd() - 0.3) * 0.08) / half;
    const ridge = new Path2D();
    ridge.moveTo(x - dx, y - dy);
    ridge.quadraticCurveTo(x - dy * bow, y + dx * bow, x + dx, y + dy);
    ctx.strokeStyle = PALETTE.ridgeShade;
    ctx.lineWidth = 0.02;
    ctx.save();
    ctx.translate(0.006, 0.012);
    ctx.stroke(ridge);
    ctx.restore();
    ctx.strokeStyle = PALETTE.ridge;
    ctx.lineWidth = 0.012;
    ctx.stroke(ridge);
  }
  if (!detail) return;
  for (let i = 0; i < 22; i++) {
    ctx.fillStyle = i % 3 ? 'rgba(255, 255, 255, 0.95)' : 'rgba(110, 140, 172, 0.22)';
    ctx.beginPath();
    ctx.arc(rnd(), rnd(), 0.003 + rnd() * 0.006, 0, Math.PI * 2);
    ctx.fill();
  }
}

/**
 * Scatter a few snowy pines where a field is wide open (in the tile's own orientation).
 * @param {CanvasRenderingContext2D} ctx @param {import('./shapes.js').TileDef} def
 * @param {import('./segmap.js').SegmentMap} map @param {() => number} rnd @param {Pt} shade the
 *   way shadows fall (a unit vector in the tile's orientation)
 */
export function paintPines(ctx, def, map, rnd, shade) {
  /** @type {Pt[]} */
  const placed = [];
  for (let tries = 0; tries < 40 && placed.length < 3; tries++) {
    const p = /** @type {Pt} */ ([0.08 + rnd() * 0.84, 0.08 + rnd() * 0.84]);
    const l = labelAt(map, p);
    if (!l || l === CENTRE || def.segments[l - 1].kind !== 'field') continue;
    if (distAt(map, p) < 0.09 || placed.some((q) => Math.hypot(q[0] - p[0], q[1] - p[1]) < 0.2)) continue;
    const anchor = map.anchors.get(l);
    if (anchor && Math.hypot(anchor[0] - p[0], anchor[1] - p[1]) < 0.12) continue;
    if (map.garden && Math.hypot(map.garden[0] - p[0], map.garden[1] - p[1]) < 0.2) continue;
    placed.push(p);
    paintPine(ctx, p, 0.06 + rnd() * 0.025, shade);
  }
}

function paintPine(ctx, [x, y], r, [sx, sy]) {
  ctx.fillStyle = 'rgba(40, 60, 80, 0.2)';
  star(ctx, x + sx * r * 0.45, y + sy * r * 0.45, r, 7);
  ctx.fillStyle = PALETTE.pine;
  star(ctx, x, y, r, 7);
  ctx.fillStyle = PALETTE.pineLight;
  star(ctx, x - r * 0.1, y - r * 0.1, r * 0.6, 7);
  ctx.fillStyle = 'rgba(255,255,255,0.85)';
  for (const [dx, dy] of [[-0.4, -0.3], [0.3, -0.1], [-0.1, 0.4]]) {
    ctx.beginPath();
    ctx.arc(x + dx * r, y + dy * r, r * 0.16, 0, Math.PI * 2);
    ctx.fill();
  }
}

function star(ctx, x, y, r, points) {
  ctx.beginPath();
  for (let i = 0; i < points * 2; i++) {
    const a = (i * Math.PI) / points - Math.PI / 2;
    const rr = i % 2 ? r * 0.55 : r;
    ctx.lineTo(x + Math.cos(a) * rr, y + Math.sin(a) * rr);
  }
  ctx.closePath();
  ctx.fill();
}
