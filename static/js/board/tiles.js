// Paints one tile from its catalog entry into a cached bitmap per id, rotation and pixel size.
// Pictures are seen from above, so a rotated tile still reads naturally. The snow is
// snow.js's, the houses, monasteries and gardens buildings.js's, the River river.js's; here
// the tile is put together, with its roads and towns.
import { cityPaths, cityDepth, roadPath, roadCurve, roadEnd, deadEndPoint, bridges, overpasses, ROAD_WIDTH } from './shapes.js';
import { segmentMap } from './segmap.js';
import { edgesOf, rotatePoint } from './slots.js';
import { PALETTE, random } from './palette.js';
import { paintRiver, paintBridge } from './river.js';
import { paintSnow, paintPines } from './snow.js';
import { paintJunction, paintHouse, paintHouses, signPoint, paintPennant, paintGoodsSign, paintMonastery,
  paintGarden, paintInn, paintCathedral, paintFieldWalls } from './buildings.js';
import { GOODS } from './goods.js';
import { makeCanvas } from './canvas.js';

/** @typedef {import('./shapes.js').TileDef} TileDef */
/** @typedef {[number, number]} Pt */

/** Where shadows fall on the board: down and a little to the right. */
const SHADOW = /** @type {Pt} */ ([0.6, 0.8]);
/** From this bitmap size up, the snow glitters and the roads show their ruts. */
const DETAIL_PX = 64;
/** The least width of a town's wall, in the bitmap's pixels. */
const WALL_PX = 2.4;

/**
 * Paints a tile turned by `rot` into the unit square of `ctx`'s current transform, for a
 * bitmap of `px` pixels (a small one leaves out what would not show).
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} id
 * @param {TileDef} def
 * @param {number} rot 0, 90, 180 or 270
 * @param {number} px
 */
export function paintTile(ctx, id, def, rot, px) {
  const map = segmentMap(def);
  const rnd = random(id);
  const detail = px >= DETAIL_PX;
  paintSnow(ctx, rnd, detail);
  ctx.save();
  ctx.translate(0.5, 0.5);
  ctx.rotate((rot * Math.PI) / 180);
  ctx.translate(-0.5, -0.5);
  // the shadows' way in the tile's own orientation: the board's, turned back
  const shade = rotatePoint([SHADOW[0] + 0.5, SHADOW[1] + 0.5], (360 - rot) % 360).map((v) => v - 0.5);
  paintPines(ctx, def, map, rnd, shade);
  paintFieldWalls(ctx, def, map, px);
  paintRiver(ctx, id, def, rnd);
  def.segments.forEach((seg) => seg.kind === 'road' && paintRoad(ctx, def, seg, detail));
  for (const bridge of bridges(def)) paintBridge(ctx, bridge);
  // a road over another (Traders & Builders): the later one drawn again on its bridge
  for (const { seg, bridge } of overpasses(def)) {
    paintBridge(ctx, bridge);
    paintRoad(ctx, def, seg, detail);
  }
  const end = roadEnd(def);
  if (end === 'junction') paintJunction(ctx, def, shade);
  const dead = deadEndPoint(def);
  if (dead) paintHouse(ctx, dead, 0.1, 0, PALETTE.roofs[1], shade);
  def.segments.forEach((seg, i) => seg.kind === 'city' && paintCity(ctx, def, seg, i + 1, map, rnd, shade, px));
  def.segments.forEach((seg, i) => {
    if (seg.kind === 'road' && seg.marks?.includes('inn')) paintInn(ctx, map, i + 1, roadCurve(def, seg), shade, px);
  });
  def.segments.forEach((seg, i) => {
    /** @type {Pt[]} */
    const taken = [];
    if (seg.marks?.includes('cathedral')) {
      taken.push(map.anchors.get(i + 1) ?? [0.5, 0.5]);
      paintCathedral(ctx, taken[0], shade);
    }
    if (seg.pennant) {
      taken.push(signPoint(map, i + 1));
      paintPennant(ctx, taken[0], shade);
    }
    for (const kind of GOODS) {
      if (seg.marks?.includes(kind)) paintGoodsSign(ctx, kind, signPoint(map, i + 1, taken), rot, px);
    }
  });
  if (def.centre === 'monastery') paintMonastery(ctx, def, shade);
  if (map.garden) paintGarden(ctx, map.garden, shade, px);
  ctx.restore();
  ctx.strokeStyle = 'rgba(30, 48, 66, 0.4)';
  ctx.lineWidth = 0.014;
  ctx.strokeRect(0.007, 0.007, 0.986, 0.986);
}

/** A road: trodden earth between dark verges, with wheel ruts where it is large enough. */
function paintRoad(ctx, def, seg, detail) {
  const path = roadPath(def, seg);
  ctx.lineCap = 'butt';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = PALETTE.roadEdge;
  ctx.lineWidth = ROAD_WIDTH;
  ctx.stroke(path);
  ctx.strokeStyle = PALETTE.road;
  ctx.lineWidth = ROAD_WIDTH * 0.7;
  ctx.stroke(path);
  if (!detail) return;
  ctx.strokeStyle = PALETTE.rut;
  ctx.lineWidth = ROAD_WIDTH * 0.36;
  ctx.setLineDash([]);
  ctx.stroke(path);
  ctx.strokeStyle = PALETTE.road;
  ctx.lineWidth = ROAD_WIDTH * 0.22;
  ctx.stroke(path);
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.22)';
  ctx.lineWidth = ROAD_WIDTH * 0.08;
  ctx.stroke(path);
}

/**
 * A town: its ground, its roofs, and its walls. Small, the walls are drawn solid and at
 * least two pixels thick, so that a town's edge still stands out from the snow.
 */
function paintCity(ctx, def, seg, label, map, rnd, shade, px) {
  const edges = edgesOf(seg.slots);
  const { fill, walls } = cityPaths(edges, cityDepth(def, seg));
  ctx.fillStyle = PALETTE.city;
  ctx.fill(fill);
  ctx.save();
  ctx.clip(fill);
  paintHouses(ctx, label, map, rnd, shade);
  ctx.restore();
  ctx.lineCap = 'round';
  ctx.strokeStyle = PALETTE.wall;
  ctx.lineWidth = Math.max(0.05, WALL_PX / px);
  ctx.stroke(walls);
  if (px < DETAIL_PX) return;
  ctx.strokeStyle = PALETTE.wallTop;
  ctx.lineWidth = 0.02;
  ctx.stroke(walls);
  ctx.strokeStyle = 'rgba(255,255,255,0.9)';
  ctx.lineWidth = 0.01;
  ctx.setLineDash([0.018, 0.02]);
  ctx.stroke(walls);
  ctx.setLineDash([]);
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
    ctx.scale(px, px);
    paintTile(ctx, id, def, rot, px);
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
    // a few ms at a time, however idle the page: a slow phone must not be kept from a tap
    const end = performance.now() + Math.min(6, deadline.timeRemaining());
    while (work.length && performance.now() < end - 1) {
      const [id, rot, px] = /** @type {[string, number, number]} */ (work.pop());
      tileImageURL(id, catalog[id], rot, px);
    }
    if (work.length) idle(step);
  };
  idle(step);
}
