// Marks on open squares, under the move being made: what the table knows (dead squares
// crossed out, the count of tiles left that fit each other open square) and the River's open
// end. Pure drawing onto the given context; `rect(x, y)` is the square's screen rectangle.
import { outline } from './marks.js';

/**
 * The overlay of what the table knows (`import('../ui/table.js').TableMarks`), or nothing.
 * @param {CanvasRenderingContext2D} ctx
 */
export function drawTable(ctx, table, rect, s) {
  if (!table) return;
  const dpr = window.devicePixelRatio || 1;
  for (const c of table.dead) {
    const [x, y, w, h] = rect(c.x, c.y);
    ctx.fillStyle = 'rgba(30, 38, 52, 0.55)';
    ctx.fillRect(x + 2, y + 2, w - 4, h - 4);
    ctx.strokeStyle = 'rgba(255, 120, 110, 0.95)';
    ctx.lineWidth = Math.max(2 * dpr, s * 0.05);
    ctx.lineCap = 'round';
    const m = w * 0.28;
    ctx.beginPath();
    ctx.moveTo(x + m, y + m);
    ctx.lineTo(x + w - m, y + h - m);
    ctx.moveTo(x + w - m, y + m);
    ctx.lineTo(x + m, y + h - m);
    ctx.stroke();
  }
  const size = Math.max(11 * dpr, Math.min(s * 0.22, 20 * dpr));
  ctx.font = `700 ${Math.round(size * 0.72)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const c of table.fits) {
    const [x, y] = rect(c.x, c.y);
    const text = String(c.count);
    const bw = Math.max(size, ctx.measureText(text).width + size * 0.5);
    const bx = x + 3 * dpr;
    const by = y + 3 * dpr;
    ctx.fillStyle = 'rgba(20, 44, 72, 0.85)';
    ctx.beginPath();
    ctx.roundRect(bx, by, bw, size, size / 2);
    ctx.fill();
    ctx.fillStyle = '#ffffff';
    ctx.fillText(text, bx + bw / 2, by + size / 2 + dpr * 0.5);
  }
}

/**
 * The square where the river goes on, for everyone while it is open: an icy square with the
 * river already flowing in from the side it comes from, an arrow where it must continue.
 */
export function drawRiverOpen(ctx, open, rect, s) {
  if (!open) return;
  const dpr = window.devicePixelRatio || 1;
  const [x, y, w, h] = rect(open.x, open.y);
  ctx.fillStyle = 'rgba(110, 185, 235, 0.28)';
  ctx.fillRect(x + 2, y + 2, w - 4, h - 4);
  ctx.setLineDash([s * 0.05, s * 0.04]);
  outline(ctx, [x + 2, y + 2, w - 4, h - 4], 'rgba(143, 208, 242, 0.95)', Math.max(2 * dpr, s * 0.03));
  ctx.setLineDash([]);
  if (!open.from) return;
  // from the middle of the side it comes in at, towards the middle of the square
  const [ix, iy] = { N: [0, 1], E: [-1, 0], S: [0, -1], W: [1, 0] }[open.from];
  const x0 = x + w / 2 - ix * w / 2;
  const y0 = y + h / 2 - iy * h / 2;
  const len = w * 0.2;
  ctx.lineCap = 'butt';
  ctx.strokeStyle = 'rgba(63, 127, 174, 0.9)';
  ctx.lineWidth = w * 0.17;
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x0 + ix * len, y0 + iy * len);
  ctx.stroke();
  const tip = [x0 + ix * (len + w * 0.13), y0 + iy * (len + w * 0.13)];
  const side = [-iy * w * 0.15, ix * w * 0.15];
  ctx.fillStyle = 'rgba(63, 127, 174, 0.9)';
  ctx.beginPath();
  ctx.moveTo(...tip);
  ctx.lineTo(x0 + ix * len + side[0], y0 + iy * len + side[1]);
  ctx.lineTo(x0 + ix * len - side[0], y0 + iy * len - side[1]);
  ctx.closePath();
  ctx.fill();
}
