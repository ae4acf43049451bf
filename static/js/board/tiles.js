// Paints one tile from its catalog entry into a cached bitmap per id, rotation and pixel size.
// Pictures are seen from above, so a rotated tile still reads naturally.
import { cityPaths, roadPath, monasteryPath, monasteryCentre, roadEnd, deadEndPoint, riverCurve, riverPond, bridges, curvePath,
  pointOn, ROAD_WIDTH, RIVER_WIDTH, POND_RADIUS } from './shapes.js';
import { segmentMap, labelAt, distAt, CENTRE } from './segmap.js';
import { edgesOf } from './slots.js';

/** @typedef {import('./shapes.js').TileDef} TileDef */
/** @typedef {[number, number]} Pt */

export const PALETTE = {
  snow: '#eaf0f5', snowLight: '#f7fafc', snowShade: '#d6e0ea',
  road: '#b7a58c', roadEdge: '#7b6b5b',
  city: '#c9ad86', wall: '#6a655e', wallTop: '#aaa298',
  roofs: ['#a3503c', '#8a5a40', '#5d6a7a', '#9b6b3c'],
  pine: '#2f5a48', pineLight: '#3f7560',
  pennant: '#2c58a6', stone: '#d3cbbd',
  bank: '#6f8ea8', ice: '#c4e2f2', iceLight: '#eef8fd', water: '#3f7fae', waterDeep: '#2a5f8a',
};

/** The spring (RIVER.md: R01, where the river starts); the other one-edge River tile is the lake. */
const SPRING = 'R01';

/** A small deterministic random generator seeded by the tile id. */
function random(seedText) {
  let h = 2166136261;
  for (const ch of seedText) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}

/**
 * Paints a tile in canonical orientation into the unit square of `ctx`'s current transform.
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} id
 * @param {TileDef} def
 */
export function paintTile(ctx, id, def) {
  const map = segmentMap(def);
  const rnd = random(id);
  paintSnow(ctx, rnd);
  paintPines(ctx, def, map, rnd);
  paintRiver(ctx, id, def, rnd);
  def.segments.forEach((seg) => seg.kind === 'road' && paintRoad(ctx, def, seg));
  for (const bridge of bridges(def)) paintBridge(ctx, bridge);
  const end = roadEnd(def);
  if (end === 'junction') paintJunction(ctx, def);
  const dead = deadEndPoint(def);
  if (dead) paintHouse(ctx, dead, 0.1, 0, PALETTE.roofs[1]);
  def.segments.forEach((seg, i) => seg.kind === 'city' && paintCity(ctx, seg, i + 1, map, rnd));
  def.segments.forEach((seg, i) => {
    if (seg.pennant) paintPennant(ctx, pennantPoint(map, i + 1));
  });
  if (def.centre === 'monastery') paintMonastery(ctx, def);
  if (map.garden) paintGarden(ctx, map.garden);
  ctx.strokeStyle = 'rgba(30, 48, 66, 0.35)';
  ctx.lineWidth = 0.014;
  ctx.strokeRect(0.007, 0.007, 0.986, 0.986);
}

function paintSnow(ctx, rnd) {
  const g = ctx.createRadialGradient(0.45, 0.4, 0.1, 0.5, 0.5, 0.75);
  g.addColorStop(0, PALETTE.snowLight);
  g.addColorStop(1, PALETTE.snowShade);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, 1, 1);
  for (let i = 0; i < 26; i++) {
    ctx.fillStyle = i % 3 ? 'rgba(255,255,255,0.9)' : 'rgba(120,150,180,0.18)';
    ctx.beginPath();
    ctx.arc(rnd(), rnd(), 0.004 + rnd() * 0.008, 0, Math.PI * 2);
    ctx.fill();
  }
}

/** Scatter a few snowy pines where the field is wide open. */
function paintPines(ctx, def, map, rnd) {
  /** @type {Pt[]} */
  const placed = [];
  for (let tries = 0; tries < 40 && placed.length < 3; tries++) {
    const p = /** @type {Pt} */ ([0.08 + rnd() * 0.84, 0.08 + rnd() * 0.84]);
    const l = labelAt(map, p);
    if (!l || l === CENTRE || def.segments[l - 1].kind !== 'field') continue;
    if (distAt(map, p) < 0.09 || placed.some((q) => Math.hypot(q[0] - p[0], q[1] - p[1]) < 0.2)) continue;
    const anchor = map.anchors.get(l);
    if (anchor && Math.hypot(anchor[0] - p[0], anchor[1] - p[1]) < 0.12) continue;
    placed.push(p);
    paintPine(ctx, p, 0.06 + rnd() * 0.025);
  }
}

function paintPine(ctx, [x, y], r) {
  ctx.fillStyle = 'rgba(40, 60, 80, 0.18)';
  star(ctx, x + r * 0.25, y + r * 0.35, r, 7);
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

function paintRoad(ctx, def, seg) {
  const path = roadPath(def, seg);
  ctx.lineCap = 'butt';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = PALETTE.roadEdge;
  ctx.lineWidth = ROAD_WIDTH;
  ctx.stroke(path);
  ctx.strokeStyle = PALETTE.road;
  ctx.lineWidth = ROAD_WIDTH * 0.72;
  ctx.stroke(path);
  ctx.strokeStyle = 'rgba(255,255,255,0.3)';
  ctx.lineWidth = ROAD_WIDTH * 0.18;
  ctx.stroke(path);
}

/**
 * The river, half frozen: ice from bank to bank with dark open water down the middle, snow
 * drifting onto the ice; it rises in the spring's pond and ends in a frozen lake. Its width
 * and colours are the same wherever it leaves a tile, so neighbouring tiles join up.
 */
function paintRiver(ctx, id, def, rnd) {
  const curve = riverCurve(def);
  if (!curve) return;
  const path = curvePath(curve);
  const pond = riverPond(def);
  ctx.lineJoin = 'round';
  const stroke = (color, width, dash = []) => {
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.setLineDash(dash);
    // holes in the ice are round; the river's own ends are cut square where it leaves the tile
    ctx.lineCap = dash.length ? 'round' : 'butt';
    ctx.stroke(path);
    ctx.setLineDash([]);
  };
  const disc = (r, color) => {
    if (!pond) return;
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.arc(...pond.centre, r, 0, Math.PI * 2);
    ctx.fill();
  };
  stroke(PALETTE.bank, RIVER_WIDTH);
  disc(POND_RADIUS, PALETTE.bank);
  stroke(PALETTE.ice, RIVER_WIDTH * 0.8);
  disc(POND_RADIUS * 0.9, PALETTE.ice);
  stroke(PALETTE.iceLight, RIVER_WIDTH * 0.5);
  // open water where the current keeps the ice away, in patches of every length
  stroke(PALETTE.water, RIVER_WIDTH * 0.34, [0.16, 0.035, 0.06, 0.05, 0.22, 0.04]);
  // snow drifting onto the ice from both banks
  ctx.fillStyle = 'rgba(250, 252, 255, 0.95)';
  for (let i = 0; i < 7; i++) {
    const t = 0.08 + rnd() * 0.84;
    const [x, y] = pointOn(curve, t);
    const [x1, y1] = pointOn(curve, Math.min(1, t + 0.01));
    const len = Math.hypot(x1 - x, y1 - y) || 1;
    const side = rnd() < 0.5 ? -1 : 1;
    const off = RIVER_WIDTH * 0.36 * side;
    ctx.beginPath();
    ctx.ellipse(x - ((y1 - y) / len) * off, y + ((x1 - x) / len) * off, 0.03, 0.014,
      Math.atan2(y1 - y, x1 - x), 0, Math.PI * 2);
    ctx.fill();
  }
  if (!pond) return;
  if (id === SPRING) paintSpring(ctx, pond.centre);
  else paintLake(ctx, pond.centre, rnd);
}

/** The spring: it never freezes. Dark water rising among stones. */
function paintSpring(ctx, [x, y]) {
  ctx.fillStyle = PALETTE.waterDeep;
  ctx.beginPath();
  ctx.arc(x, y, POND_RADIUS * 0.62, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = 'rgba(200, 235, 255, 0.8)';
  ctx.lineWidth = 0.012;
  for (const r of [0.035, 0.075]) {
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.stroke();
  }
  for (let i = 0; i < 9; i++) {
    const a = (i / 9) * Math.PI * 2 + 0.3;
    const r = POND_RADIUS * 0.83;
    ctx.fillStyle = i % 2 ? PALETTE.stone : '#b7ad9e';
    ctx.strokeStyle = PALETTE.wall;
    ctx.lineWidth = 0.008;
    ctx.beginPath();
    ctx.ellipse(x + Math.cos(a) * r, y + Math.sin(a) * r, 0.034, 0.026, a, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = 'rgba(255, 255, 255, 0.9)';
    ctx.beginPath();
    ctx.ellipse(x + Math.cos(a) * r, y + Math.sin(a) * r - 0.01, 0.022, 0.01, a, 0, Math.PI * 2);
    ctx.fill();
  }
}

/** The lake: frozen over, with cracks and reeds on its shore. */
function paintLake(ctx, [x, y], rnd) {
  ctx.fillStyle = PALETTE.iceLight;
  ctx.beginPath();
  ctx.ellipse(x - 0.03, y - 0.04, POND_RADIUS * 0.5, POND_RADIUS * 0.3, -0.5, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = 'rgba(63, 127, 174, 0.55)';
  ctx.lineWidth = 0.008;
  ctx.beginPath();
  for (let i = 0; i < 4; i++) {
    const a = rnd() * Math.PI * 2;
    ctx.moveTo(x + Math.cos(a) * 0.03, y + Math.sin(a) * 0.03);
    ctx.lineTo(x + Math.cos(a + 0.3) * 0.11, y + Math.sin(a + 0.3) * 0.11);
    ctx.lineTo(x + Math.cos(a) * 0.17, y + Math.sin(a) * 0.17);
  }
  ctx.stroke();
  ctx.strokeStyle = '#7a6a4a';
  ctx.lineWidth = 0.01;
  for (let i = 0; i < 5; i++) {
    const a = 0.6 + i * 0.22;
    const [rx, ry] = [x + Math.cos(a) * POND_RADIUS * 0.95, y + Math.sin(a) * POND_RADIUS * 0.95];
    ctx.beginPath();
    ctx.moveTo(rx, ry);
    ctx.lineTo(rx + 0.012 * (i - 2), ry - 0.06);
    ctx.stroke();
  }
}

/** A stone bridge carries the road over the ice, its parapets capped with snow. */
function paintBridge(ctx, { at: [x, y], angle }) {
  const len = RIVER_WIDTH * 1.75;
  const w = ROAD_WIDTH * 1.3;
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  ctx.fillStyle = 'rgba(20, 40, 60, 0.3)';
  ctx.fillRect(-len / 2 + 0.012, -w / 2 + 0.018, len, w);
  ctx.fillStyle = PALETTE.stone;
  ctx.fillRect(-len / 2, -w / 2, len, w);
  ctx.fillStyle = PALETTE.road;
  ctx.fillRect(-len / 2, -ROAD_WIDTH * 0.36, len, ROAD_WIDTH * 0.72);
  for (const side of [-1, 1]) {
    ctx.fillStyle = PALETTE.wall;
    ctx.fillRect(-len / 2, side * w / 2 - 0.014, len, 0.028);
    ctx.fillStyle = 'rgba(255, 255, 255, 0.95)';
    ctx.fillRect(-len / 2, side * w / 2 - 0.007, len, 0.012);
  }
  ctx.restore();
}

/** Crossroads get a well, other junctions a small village house. */
function paintJunction(ctx, def) {
  const roads = def.segments.filter((s) => s.kind === 'road').length;
  if (roads === 4) {
    ctx.fillStyle = PALETTE.stone;
    ctx.strokeStyle = PALETTE.wall;
    ctx.lineWidth = 0.015;
    ctx.beginPath();
    ctx.arc(0.5, 0.5, 0.075, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = '#3d5f80';
    ctx.beginPath();
    ctx.arc(0.5, 0.5, 0.042, 0, Math.PI * 2);
    ctx.fill();
    return;
  }
  paintHouse(ctx, [0.5, 0.5], 0.15, 0, PALETTE.roofs[0]);
}

/** A house seen from above: a roof with a ridge, the north slope under snow. */
function paintHouse(ctx, [x, y], w, angle, roof) {
  const h = w * 0.72;
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  ctx.fillStyle = 'rgba(30, 40, 55, 0.25)';
  ctx.fillRect(-w / 2 + w * 0.08, -h / 2 + w * 0.1, w, h);
  ctx.fillStyle = roof;
  ctx.fillRect(-w / 2, -h / 2, w, h);
  ctx.fillStyle = 'rgba(250, 252, 255, 0.92)';
  ctx.fillRect(-w / 2, -h / 2, w, h / 2);
  ctx.strokeStyle = 'rgba(40, 30, 25, 0.55)';
  ctx.lineWidth = w * 0.06;
  ctx.strokeRect(-w / 2, -h / 2, w, h);
  ctx.beginPath();
  ctx.moveTo(-w / 2, 0);
  ctx.lineTo(w / 2, 0);
  ctx.stroke();
  ctx.restore();
}

function paintCity(ctx, seg, label, map, rnd) {
  const edges = edgesOf(seg.slots);
  const { fill, walls } = cityPaths(edges);
  ctx.fillStyle = PALETTE.city;
  ctx.fill(fill);
  ctx.save();
  ctx.clip(fill);
  paintHouses(ctx, label, map, rnd);
  ctx.restore();
  ctx.lineCap = 'round';
  ctx.strokeStyle = PALETTE.wall;
  ctx.lineWidth = 0.05;
  ctx.stroke(walls);
  ctx.strokeStyle = PALETTE.wallTop;
  ctx.lineWidth = 0.024;
  ctx.stroke(walls);
  ctx.strokeStyle = 'rgba(255,255,255,0.9)';
  ctx.lineWidth = 0.012;
  ctx.setLineDash([0.018, 0.02]);
  ctx.stroke(walls);
  ctx.setLineDash([]);
}

/** Roofs packed in rows, jittered, leaving room where the figure stands. */
function paintHouses(ctx, label, map, rnd) {
  const anchor = map.anchors.get(label) ?? [0.5, 0.5];
  const step = 0.125;
  for (let gy = step / 2; gy < 1; gy += step) {
    for (let gx = step / 2 + ((gy / step) % 2) * 0.05; gx < 1; gx += step) {
      const p = /** @type {Pt} */ ([gx + (rnd() - 0.5) * 0.04, gy + (rnd() - 0.5) * 0.04]);
      if (labelAt(map, p) !== label || distAt(map, p) < 0.035) continue;
      if (Math.hypot(anchor[0] - p[0], anchor[1] - p[1]) < 0.09 || rnd() < 0.18) continue;
      const roof = PALETTE.roofs[Math.floor(rnd() * PALETTE.roofs.length)];
      const angle = (rnd() < 0.5 ? 0 : Math.PI / 2) + (rnd() - 0.5) * 0.3;
      paintHouse(ctx, p, 0.1 + rnd() * 0.03, angle, roof);
    }
  }
}

/** A pennant sits inside its city, away from where the figure stands. */
function pennantPoint(map, label) {
  const anchor = map.anchors.get(label) ?? [0.5, 0.5];
  let best = anchor;
  let bestScore = -Infinity;
  for (let y = 0.06; y < 0.95; y += 1 / 32) {
    for (let x = 0.06; x < 0.95; x += 1 / 32) {
      if (labelAt(map, [x, y]) !== label) continue;
      const away = Math.hypot(x - anchor[0], y - anchor[1]);
      const score = Math.min(distAt(map, [x, y]), 0.07) * 3 + Math.min(away, 0.2) - Math.abs(y - anchor[1]) * 0.3;
      if (score > bestScore) [best, bestScore] = [[x, y], score];
    }
  }
  return best;
}

function paintPennant(ctx, [x, y]) {
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
  ctx.translate(0.008, 0.01);
  ctx.fill(shield);
  ctx.translate(-0.008, -0.01);
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

/** A cloister seen from above: a walled court and a cross-shaped church roof (drawn in the
 * middle, then moved where the tile has it). */
function paintMonastery(ctx, def) {
  const [cx, cy] = monasteryCentre(def);
  ctx.save();
  ctx.translate(cx - 0.5, cy - 0.5);
  ctx.fillStyle = 'rgba(30,40,55,0.22)';
  ctx.translate(0.012, 0.016);
  ctx.fill(monasteryPath());
  ctx.translate(-0.012, -0.016);
  ctx.fillStyle = PALETTE.stone;
  ctx.fill(monasteryPath());
  ctx.strokeStyle = PALETTE.wall;
  ctx.lineWidth = 0.018;
  ctx.stroke(monasteryPath());
  const roof = '#8e3b2f';
  const nave = [0.5 - 0.065, 0.37, 0.13, 0.27];
  const transept = [0.38, 0.43, 0.24, 0.1];
  for (const [x, y, w, h] of [nave, transept]) {
    ctx.fillStyle = roof;
    ctx.fillRect(x, y, w, h);
    ctx.fillStyle = 'rgba(250,252,255,0.9)';
    if (w < h) ctx.fillRect(x, y, w / 2, h);
    else ctx.fillRect(x, y, w, h / 2);
    ctx.strokeStyle = 'rgba(50,25,20,0.7)';
    ctx.lineWidth = 0.01;
    ctx.strokeRect(x, y, w, h);
  }
  ctx.fillStyle = '#5e5a55';
  ctx.fillRect(0.455, 0.6, 0.09, 0.07);
  ctx.fillStyle = '#f5d76e';
  ctx.fillRect(0.49, 0.615, 0.02, 0.04);
  ctx.restore();
}

/** An evergreen hedge garden with a frozen fountain. */
function paintGarden(ctx, [x, y]) {
  const r = 0.095;
  ctx.fillStyle = 'rgba(30,40,55,0.2)';
  ctx.beginPath();
  ctx.arc(x + 0.01, y + 0.012, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#dfe9e2';
  ctx.strokeStyle = '#3b6a50';
  ctx.lineWidth = 0.028;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = '#4f8a67';
  for (let i = 0; i < 4; i++) {
    const a = (i * Math.PI) / 2 + Math.PI / 4;
    ctx.beginPath();
    ctx.arc(x + Math.cos(a) * r * 0.55, y + Math.sin(a) * r * 0.55, r * 0.22, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.fillStyle = '#9cc3de';
  ctx.beginPath();
  ctx.arc(x, y, r * 0.25, 0, Math.PI * 2);
  ctx.fill();
}

const bitmaps = new Map();
const MAX_BITMAPS = 800;

/**
 * A tile bitmap of `px` pixels per side, turned by `rot`; drawn once, then reused.
 * @param {string} id
 * @param {TileDef} def
 * @param {number} rot
 * @param {number} px integer size
 * @returns {HTMLCanvasElement|OffscreenCanvas}
 */
export function tileBitmap(id, def, rot, px) {
  const key = `${id}|${rot}|${px}`;
  let bmp = bitmaps.get(key);
  if (!bmp) {
    if (bitmaps.size > MAX_BITMAPS) bitmaps.clear();
    bmp = makeCanvas(px);
    const ctx = bmp.getContext('2d');
    ctx.translate(px / 2, px / 2);
    ctx.rotate((rot * Math.PI) / 180);
    ctx.translate(-px / 2, -px / 2);
    ctx.scale(px, px);
    paintTile(ctx, id, def);
    bitmaps.set(key, bmp);
  }
  return bmp;
}

const urls = new Map();

/**
 * A tile picture as an image URL, made once per tile, rotation and size: an <img> of it costs
 * far less to put on the page than a canvas of its own (the log has a picture per turn).
 * @param {string} id @param {TileDef} def @param {number} rot @param {number} px
 */
export function tileImageURL(id, def, rot, px) {
  const key = `${id}|${rot}|${px}`;
  let url = urls.get(key);
  if (!url) {
    const c = Object.assign(document.createElement('canvas'), { width: px, height: px });
    c.getContext('2d').drawImage(tileBitmap(id, def, rot, px), 0, 0);
    url = c.toDataURL();
    urls.set(key, url);
  }
  return url;
}

/**
 * Paint the pictures the page will want (every tile, every rotation, at the sizes given) while
 * the browser is idle, so a move never waits for a tile to be painted for the first time.
 * @param {Record<string, TileDef>} catalog @param {number[]} sizes
 */
export function warmTileImages(catalog, sizes) {
  const work = Object.keys(catalog).flatMap((id) => [0, 90, 180, 270].flatMap((rot) => sizes.map((px) => [id, rot, px])));
  const idle = window.requestIdleCallback ?? ((fn) => setTimeout(() => fn({ timeRemaining: () => 8 }), 50));
  const step = (deadline) => {
    while (work.length && deadline.timeRemaining() > 2) {
      const [id, rot, px] = /** @type {[string, number, number]} */ (work.pop());
      tileImageURL(id, catalog[id], rot, px);
    }
    if (work.length) idle(step);
  };
  idle(step);
}

/** @param {number} px */
export function makeCanvas(px, py = px) {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(px, py);
  return Object.assign(document.createElement('canvas'), { width: px, height: py });
}
