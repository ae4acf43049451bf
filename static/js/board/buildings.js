// What stands on the land, seen from above: houses (in a town, at a road's dead end, at a
// junction), a crossroads' well, a monastery, a garden, a city's pennant and its goods. Each is
// painted in the tile's own orientation; `shade` says where shadows fall (a unit vector), the
// same way on every tile of the board.
import { monasteryPath, monasteryCentre, pointOn } from './shapes.js';
import { labelAt, distAt, GARDEN_RADIUS, CENTRE, MAP } from './segmap.js';
import { PALETTE } from './palette.js';
import { goodsBitmap } from './goods.js';

/** @typedef {[number, number]} Pt */

/** The least thickness of a garden's hedge, in the bitmap's pixels. */
const HEDGE_PX = 2.4;
/** Below this bitmap size (a phone's board at "fit"), signs are drawn larger so they read. */
const SMALL_PX = 64;

/** Crossroads get a well, other junctions a small village house. */
export function paintJunction(ctx, def, shade) {
  const roads = def.segments.filter((s) => s.kind === 'road').length;
  if (roads === 4) {
    ctx.fillStyle = PALETTE.stone;
    ctx.strokeStyle = PALETTE.wall;
    ctx.lineWidth = 0.018;
    ctx.beginPath();
    ctx.arc(0.5, 0.5, 0.075, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = '#2f5273';
    ctx.beginPath();
    ctx.arc(0.5, 0.5, 0.042, 0, Math.PI * 2);
    ctx.fill();
    return;
  }
  paintHouse(ctx, [0.5, 0.5], 0.15, 0, PALETTE.roofs[0], shade);
}

/** A house seen from above: a roof with a ridge, one slope under snow. */
export function paintHouse(ctx, [x, y], w, angle, roof, [sx, sy]) {
  const h = w * 0.72;
  ctx.fillStyle = 'rgba(30, 40, 55, 0.28)';
  ctx.save();
  ctx.translate(x + sx * w * 0.12, y + sy * w * 0.12);
  ctx.rotate(angle);
  ctx.fillRect(-w / 2, -h / 2, w, h);
  ctx.restore();
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  ctx.fillStyle = roof;
  ctx.fillRect(-w / 2, -h / 2, w, h);
  ctx.fillStyle = 'rgba(250, 252, 255, 0.92)';
  ctx.fillRect(-w / 2, -h / 2, w, h / 2);
  ctx.strokeStyle = 'rgba(40, 30, 25, 0.6)';
  ctx.lineWidth = w * 0.06;
  ctx.strokeRect(-w / 2, -h / 2, w, h);
  ctx.beginPath();
  ctx.moveTo(-w / 2, 0);
  ctx.lineTo(w / 2, 0);
  ctx.stroke();
  ctx.restore();
}

/** Roofs packed in rows in a town, jittered, leaving room where the figure stands. */
export function paintHouses(ctx, label, map, rnd, shade) {
  const anchor = map.anchors.get(label) ?? [0.5, 0.5];
  const step = 0.125;
  for (let gy = step / 2; gy < 1; gy += step) {
    for (let gx = step / 2 + ((gy / step) % 2) * 0.05; gx < 1; gx += step) {
      const p = /** @type {Pt} */ ([gx + (rnd() - 0.5) * 0.04, gy + (rnd() - 0.5) * 0.04]);
      if (labelAt(map, p) !== label || distAt(map, p) < 0.035) continue;
      if (Math.hypot(anchor[0] - p[0], anchor[1] - p[1]) < 0.09 || rnd() < 0.18) continue;
      const roof = PALETTE.roofs[Math.floor(rnd() * PALETTE.roofs.length)];
      const angle = (rnd() < 0.5 ? 0 : Math.PI / 2) + (rnd() - 0.5) * 0.3;
      paintHouse(ctx, p, 0.1 + rnd() * 0.03, angle, roof, shade);
    }
  }
}

/**
 * A place inside a city for a sign (its pennant, its goods): well inside the city, away from
 * where its figure stands and from the places already taken.
 * @param {import('./segmap.js').SegmentMap} map @param {number} label @param {Pt[]} taken
 * @returns {Pt}
 */
export function signPoint(map, label, taken = []) {
  const anchor = map.anchors.get(label) ?? [0.5, 0.5];
  let best = anchor;
  let bestScore = -Infinity;
  for (let y = 0.06; y < 0.95; y += 1 / 32) {
    for (let x = 0.06; x < 0.95; x += 1 / 32) {
      if (labelAt(map, [x, y]) !== label) continue;
      const away = Math.min(0.2, ...[anchor, ...taken].map(([ax, ay]) => Math.hypot(x - ax, y - ay)));
      const score = Math.min(distAt(map, [x, y]), 0.07) * 3 + away - Math.abs(y - anchor[1]) * 0.3;
      if (score > bestScore) [best, bestScore] = [[x, y], score];
    }
  }
  return best;
}

/** A pennant: a blue shield with a white cross. */
export function paintPennant(ctx, [x, y], [sx, sy]) {
  const s = 0.06;
  ctx.save();
  ctx.translate(x, y);
  const shield = new Path2D();
  shield.moveTo(-s, -s);
  shield.lineTo(s, -s);
  shield.lineTo(s, s * 0.2);
  shield.quadraticCurveTo(s, s * 0.9, 0, s * 1.3);
  shield.quadraticCurveTo(-s, s * 0.9, -s, s * 0.2);
  shield.closePath();
  ctx.fillStyle = 'rgba(30,40,55,0.3)';
  ctx.translate(sx * 0.013, sy * 0.013);
  ctx.fill(shield);
  ctx.translate(-sx * 0.013, -sy * 0.013);
  ctx.fillStyle = PALETTE.pennant;
  ctx.fill(shield);
  ctx.strokeStyle = '#f4f1e8';
  ctx.lineWidth = 0.012;
  ctx.stroke(shield);
  ctx.beginPath();
  ctx.moveTo(0, -s * 0.7);
  ctx.lineTo(0, s * 0.95);
  ctx.moveTo(-s * 0.65, -s * 0.1);
  ctx.lineTo(s * 0.65, -s * 0.1);
  ctx.stroke();
  ctx.restore();
}

/**
 * A city's goods (Traders & Builders): its token, upright however the tile is turned (`rot`,
 * the tile's turn in degrees), so the glyph reads. @param {'wine'|'grain'|'cloth'} kind
 */
export function paintGoodsSign(ctx, kind, [x, y], rot, px) {
  // larger on a small bitmap (a phone's board): a token of a dozen pixels still reads
  const size = px < SMALL_PX ? 0.28 : 0.2;
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate((-rot * Math.PI) / 180);
  // a bitmap near the size it is shown at: the glyph's lines stay crisp
  ctx.drawImage(goodsBitmap(kind, Math.max(16, Math.round(px * size))), -size / 2, -size / 2, size, size);
  ctx.restore();
}

/**
 * A cloister seen from above: a walled court of dark stone and a cross-shaped church roof,
 * which stand out from the snow at a glance (drawn in the middle, then moved where the tile
 * has it).
 */
export function paintMonastery(ctx, def, [sx, sy]) {
  const [cx, cy] = monasteryCentre(def);
  ctx.save();
  ctx.translate(cx - 0.5, cy - 0.5);
  ctx.fillStyle = 'rgba(30,40,55,0.3)';
  ctx.translate(sx * 0.02, sy * 0.02);
  ctx.fill(monasteryPath());
  ctx.translate(-sx * 0.02, -sy * 0.02);
  ctx.fillStyle = PALETTE.court;
  ctx.fill(monasteryPath());
  ctx.strokeStyle = PALETTE.wall;
  ctx.lineWidth = 0.03;
  ctx.stroke(monasteryPath());
  const nave = [0.5 - 0.07, 0.36, 0.14, 0.29];
  const transept = [0.37, 0.43, 0.26, 0.11];
  for (const [x, y, w, h] of [nave, transept]) {
    ctx.fillStyle = PALETTE.churchRoof;
    ctx.fillRect(x, y, w, h);
    ctx.fillStyle = 'rgba(250,252,255,0.9)';
    if (w < h) ctx.fillRect(x, y, w * 0.4, h);
    else ctx.fillRect(x, y, w, h * 0.4);
    ctx.strokeStyle = 'rgba(40,18,14,0.8)';
    ctx.lineWidth = 0.012;
    ctx.strokeRect(x, y, w, h);
  }
  ctx.fillStyle = '#f5d76e';
  ctx.fillRect(0.485, 0.61, 0.03, 0.045);
  ctx.restore();
}

/**
 * An evergreen hedge garden round a frozen fountain: a dark ring on the snow, its hedge at
 * least `HEDGE_PX` of the bitmap's `px` thick so that it still reads at "fit".
 */
export function paintGarden(ctx, [x, y], [sx, sy], px) {
  const r = GARDEN_RADIUS - 0.01;
  ctx.fillStyle = 'rgba(30,40,55,0.25)';
  ctx.beginPath();
  ctx.arc(x + sx * 0.016, y + sy * 0.016, r + 0.012, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = PALETTE.lawn;
  ctx.strokeStyle = PALETTE.hedge;
  ctx.lineWidth = Math.max(0.045, HEDGE_PX / px);
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = PALETTE.bush;
  for (let i = 0; i < 4; i++) {
    const a = (i * Math.PI) / 2 + Math.PI / 4;
    ctx.beginPath();
    ctx.arc(x + Math.cos(a) * r * 0.48, y + Math.sin(a) * r * 0.48, r * 0.3, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.fillStyle = '#8fbad8';
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 0.01;
  ctx.beginPath();
  ctx.arc(x, y, r * 0.22, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
}

/**
 * An inn (Inns & Cathedrals) beside its road: a frozen lake and a large house with a red roof
 * and a lit window, on the side of the road with room for it. `road` is the road's centre line
 * (shapes.js `roadCurve`); the house stands off it at its middle, upright to the road.
 * @param {CanvasRenderingContext2D} ctx @param {import('./segmap.js').SegmentMap} map
 * @param {number} label the road's label @param {import('./shapes.js').Curve} road @param {Pt} shade
 * @param {number} px the bitmap's size
 */
export function paintInn(ctx, map, label, road, [sx, sy], px) {
  const [x, y] = pointOn(road, 0.5);
  const [ax, ay] = pointOn(road, 0.45);
  const [bx, by] = pointOn(road, 0.55);
  const len = Math.hypot(bx - ax, by - ay) || 1;
  const normal = /** @type {Pt} */ ([-(by - ay) / len, (bx - ax) / len]);
  const room = (side) => {
    const p = /** @type {Pt} */ ([x + normal[0] * side * 0.2, y + normal[1] * side * 0.2]);
    return labelAt(map, p) === label ? -1 : distAt(map, p);
  };
  const side = room(1) >= room(-1) ? 1 : -1;
  const at = /** @type {Pt} */ ([x + normal[0] * side * 0.17, y + normal[1] * side * 0.17]);
  const lake = /** @type {Pt} */ ([at[0] + normal[0] * side * 0.09, at[1] + normal[1] * side * 0.09]);
  const angle = Math.atan2(normal[1], normal[0]) + Math.PI / 2;
  ctx.save();
  ctx.fillStyle = PALETTE.ice;
  ctx.strokeStyle = PALETTE.water;
  ctx.lineWidth = 0.02;
  ctx.beginPath();
  ctx.ellipse(lake[0], lake[1], 0.1, 0.065, angle, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  // the inn's roof is bare, swept of snow by its chimney's warmth: all of it red
  const w = px < SMALL_PX ? 0.24 : 0.19;
  const h = w * 0.7;
  ctx.translate(at[0], at[1]);
  ctx.rotate(angle);
  ctx.fillStyle = 'rgba(30, 40, 55, 0.3)';
  ctx.fillRect(-w / 2 + sx * 0.02, -h / 2 + sy * 0.02, w, h);
  ctx.fillStyle = PALETTE.innRoof;
  ctx.fillRect(-w / 2, -h / 2, w, h);
  ctx.strokeStyle = 'rgba(40, 20, 15, 0.8)';
  ctx.lineWidth = 0.014;
  ctx.strokeRect(-w / 2, -h / 2, w, h);
  ctx.beginPath();
  ctx.moveTo(-w / 2, 0);
  ctx.lineTo(w / 2, 0);
  ctx.stroke();
  ctx.fillStyle = PALETTE.lamp;
  ctx.fillRect(-0.02, h / 2 - 0.03, 0.04, 0.03);
  ctx.restore();
}

/**
 * A cathedral (Inns & Cathedrals) in its city: a cross-shaped church far larger than a house,
 * its roof dark slate, on a pale square, with two towers; it reads at "fit" as no house does.
 * @param {CanvasRenderingContext2D} ctx @param {Pt} at @param {Pt} shade
 */
export function paintCathedral(ctx, [x, y], [sx, sy]) {
  const nave = [-0.075, -0.2, 0.15, 0.4];
  const transept = [-0.19, -0.08, 0.38, 0.14];
  ctx.save();
  ctx.translate(x, y);
  ctx.fillStyle = PALETTE.stone;
  ctx.strokeStyle = PALETTE.wall;
  ctx.lineWidth = 0.02;
  ctx.fillRect(-0.23, -0.25, 0.46, 0.5);
  ctx.strokeRect(-0.23, -0.25, 0.46, 0.5);
  ctx.fillStyle = 'rgba(30,40,55,0.35)';
  for (const [bx, by, w, h] of [nave, transept]) ctx.fillRect(bx + sx * 0.025, by + sy * 0.025, w, h);
  for (const [bx, by, w, h] of [nave, transept]) {
    ctx.fillStyle = PALETTE.cathedralRoof;
    ctx.fillRect(bx, by, w, h);
    ctx.fillStyle = 'rgba(250,252,255,0.85)';
    if (w < h) ctx.fillRect(bx, by, w * 0.4, h);
    else ctx.fillRect(bx, by, w, h * 0.4);
  }
  ctx.strokeStyle = '#f4f1e8';
  ctx.lineWidth = 0.014;
  for (const [bx, by, w, h] of [nave, transept]) ctx.strokeRect(bx, by, w, h);
  // the two towers of the west front, and a gold cross over the crossing
  for (const tx of [-0.07, 0.07]) {
    ctx.fillStyle = PALETTE.cathedralRoof;
    ctx.fillRect(tx - 0.04, 0.16, 0.08, 0.08);
    ctx.strokeRect(tx - 0.04, 0.16, 0.08, 0.08);
  }
  ctx.fillStyle = PALETTE.lamp;
  ctx.fillRect(-0.012, -0.05, 0.024, 0.08);
  ctx.fillRect(-0.035, -0.027, 0.07, 0.024);
  ctx.restore();
}

/**
 * A wall of stones between two fields that meet with no road or town between them (a town's
 * wall running out to a corner on I06, T14, T16 and T18; a road's dead end short of a wall;
 * the stubs from I07's crossing to the gates): where the segment map has two fields side by
 * side, so the picture shows them apart, as the rules have them.
 * @param {CanvasRenderingContext2D} ctx @param {import('./shapes.js').TileDef} def
 * @param {import('./segmap.js').SegmentMap} map @param {number} px the bitmap's size
 */
export function paintFieldWalls(ctx, def, map, px) {
  const field = (l) => l > 0 && l !== CENTRE && def.segments[l - 1].kind === 'field';
  const cell = 1 / MAP;
  const w = Math.max(1.6 / px, cell * 1.6);
  ctx.fillStyle = PALETTE.wall;
  for (let y = 0; y < MAP; y++) {
    for (let x = 0; x < MAP; x++) {
      const a = map.labels[y * MAP + x];
      if (!field(a)) continue;
      const east = x + 1 < MAP ? map.labels[y * MAP + x + 1] : a;
      const south = y + 1 < MAP ? map.labels[(y + 1) * MAP + x] : a;
      if (east !== a && field(east)) ctx.fillRect((x + 1) * cell - w / 2, y * cell, w, cell);
      if (south !== a && field(south)) ctx.fillRect(x * cell, (y + 1) * cell - w / 2, cell, w);
    }
  }
}
