// The River's tiles painted: the river half frozen between its banks, the spring it rises in,
// the lake it ends in, and the bridges that carry roads over it.
import { riverCurve, riverPond, curvePath, pointOn, ROAD_WIDTH, RIVER_WIDTH, POND_RADIUS } from './shapes.js';
import { PALETTE } from './palette.js';

/** The spring (RIVER.md: R01, where the river starts); the other one-edge River tile is the lake. */
const SPRING = 'R01';

/**
 * The river, half frozen: ice from bank to bank with dark open water down the middle, snow
 * drifting onto the ice; it rises in the spring's pond and ends in a frozen lake. Its width
 * and colours are the same wherever it leaves a tile, so neighbouring tiles join up.
 */
export function paintRiver(ctx, id, def, rnd) {
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
export function paintBridge(ctx, { at: [x, y], angle }) {
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
