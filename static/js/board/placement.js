// The move being made, drawn over the board: a suggested move (a hint), the drawn tile under
// the pointer or on the chosen square, the first-turn coach's marks on the sides that match,
// and the chosen tile's rotate hub and figure targets, a fingertip wide.
import { tileBitmap } from './tiles.js';
import { figureBitmap, figurePicture, figureSize } from './figures.js';
import { colorHex } from './colors.js';
import { figurePoint } from './segmap.js';
import { layoutTargets } from './targets.js';
import { quantize, outline, drawParts, TRACE_COLOR } from './marks.js';

/**
 * The suggested move: its tile faintly in place, outlined in gold, its figure standing.
 * @param {CanvasRenderingContext2D} ctx @param {import('./render.js').Scene} scene
 * @param {(x: number, y: number) => number[]} rect a cell's device-pixel rectangle
 * @param {number} px the tile bitmaps' size @param {number} s device pixels per cell
 */
export function drawSuggestion(ctx, scene, rect, px, s) {
  const hint = scene.suggestion;
  const def = hint && scene.catalog[hint.tile];
  if (!def) return;
  const r = rect(hint.x, hint.y);
  ctx.globalAlpha = 0.55;
  ctx.drawImage(tileBitmap(hint.tile, def, hint.rot, px), ...r);
  ctx.globalAlpha = 1;
  ctx.setLineDash([s * 0.1, s * 0.05]);
  outline(ctx, r, '#f2c14e', Math.max(3, s * 0.05));
  ctx.setLineDash([]);
  if (!hint.at) return;
  const [u, v] = figurePoint(def, hint.rot, hint.at, hint.kind);
  const picture = figurePicture({ kind: hint.kind ?? 'follower', feature: hint.feature });
  const d = figureSize(picture, s, window.devicePixelRatio || 1);
  ctx.globalAlpha = 0.85;
  ctx.drawImage(figureBitmap(picture, scene.myColor, quantize(d)), r[0] + u * r[2] - d / 2, r[1] + v * r[3] - d / 2, d, d);
  ctx.globalAlpha = 1;
}

/** The first-turn coach's marks: a green bar along each side that meets a neighbour. */
function drawMatchEdges(ctx, marks, rect, s) {
  if (!marks?.dirs.length) return;
  const [x, y, w, h] = rect(marks.x, marks.y);
  const t = Math.max(4, s * 0.07);
  const inset = t / 2 + 1;
  ctx.lineCap = 'round';
  for (const [color, width] of [['rgba(16, 60, 30, 0.55)', t + 3], ['#4cd18a', t]]) {
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.beginPath();
    for (const dir of marks.dirs) {
      const [x0, y0, x1, y1] = { N: [x, y + inset, x + w, y + inset], S: [x, y + h - inset, x + w, y + h - inset],
        W: [x + inset, y, x + inset, y + h], E: [x + w - inset, y, x + w - inset, y + h] }[dir];
      const pad = w * 0.12;
      ctx.moveTo(x0 + (x0 === x1 ? 0 : pad), y0 + (y0 === y1 ? 0 : pad));
      ctx.lineTo(x1 - (x0 === x1 ? 0 : pad), y1 - (y0 === y1 ? 0 : pad));
    }
    ctx.stroke();
  }
}

/**
 * The ghost under the pointer, the chosen placement and its figure targets.
 * @param {CanvasRenderingContext2D} ctx @param {import('./render.js').Scene} scene
 * @param {(x: number, y: number) => number[]} rect @param {number} px @param {number} s (as drawSuggestion)
 */
export function drawPlacement(ctx, scene, rect, px, s) {
  for (const [p, alpha] of [[scene.ghost, 0.6], [scene.pending, 1]]) {
    const def = p && scene.catalog[p.tile];
    if (!def) continue;
    const r = rect(p.x, p.y);
    ctx.globalAlpha = alpha;
    ctx.drawImage(tileBitmap(p.tile, def, p.rot, px), ...r);
    ctx.globalAlpha = 1;
    outline(ctx, r, alpha < 1 ? 'rgba(255,255,255,0.7)' : '#ffffff', Math.max(2, s * 0.03));
  }
  drawMatchEdges(ctx, scene.matchEdges, rect, s);
  const p = scene.pending;
  const def = p && scene.catalog[p.tile];
  if (!def) return;
  // the traced feature over the chosen tile too (the board's tiles were traced before it)
  drawParts(ctx, scene, new Map([[`${p.x},${p.y}`, p]]), scene.trace, TRACE_COLOR, rect);
  const [x, y, w] = rect(p.x, p.y);
  const dpr = window.devicePixelRatio || 1;
  const scale = s / dpr;
  const points = scene.spots.map((spot) => figurePoint(def, p.rot, spot.at, spot.kind));
  const layout = layoutTargets(points, scale);
  // the rotate hub in the middle: a tap there turns the tile
  const cx0 = x + w / 2;
  const cy0 = y + w / 2;
  const hub = layout.hub * w;
  ctx.beginPath();
  ctx.arc(cx0, cy0, hub, 0, Math.PI * 2);
  ctx.fillStyle = 'rgba(16, 32, 51, 0.55)';
  ctx.fill();
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.9)';
  ctx.lineWidth = Math.max(2 * dpr, hub * 0.1);
  ctx.beginPath();
  ctx.arc(cx0, cy0, hub * 0.55, -Math.PI * 0.9, Math.PI * 0.55);
  ctx.stroke();
  const tip = [cx0 + Math.cos(Math.PI * 0.55) * hub * 0.55, cy0 + Math.sin(Math.PI * 0.55) * hub * 0.55];
  ctx.beginPath();
  ctx.moveTo(tip[0] - hub * 0.28, tip[1] - hub * 0.02);
  ctx.lineTo(tip[0] + hub * 0.06, tip[1] + hub * 0.26);
  ctx.lineTo(tip[0] + hub * 0.12, tip[1] - hub * 0.2);
  ctx.closePath();
  ctx.fillStyle = ctx.strokeStyle;
  ctx.fill();
  scene.spots.forEach((spot, i) => {
    const [u, v] = points[i];
    const [tu, tv] = layout.targets[i];
    const fx = x + u * w;
    const fy = y + v * w;
    const cx = x + tu * w;
    const cy = y + tv * w;
    const chosen = i === scene.chosenSpot;
    if (chosen) {
      const picture = figurePicture(spot);
      const d = figureSize(picture, s, dpr);
      const bmp = figureBitmap(picture, scene.myColor, quantize(d));
      ctx.drawImage(bmp, fx - d / 2, fy - d / 2, d, d);
    }
    // a target pushed away from its spot points back at it
    if (Math.hypot(cx - fx, cy - fy) > 2 * dpr) {
      ctx.beginPath();
      ctx.moveTo(cx, cy);
      ctx.lineTo(fx, fy);
      ctx.strokeStyle = 'rgba(255, 255, 255, 0.85)';
      ctx.lineWidth = 2 * dpr;
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(fx, fy, 3 * dpr, 0, Math.PI * 2);
      ctx.fillStyle = '#ffffff';
      ctx.fill();
    }
    // a fingertip-wide ring (TARGET_PX); the chosen one is filled
    const r = layout.ring * w;
    ctx.beginPath();
    ctx.arc(cx, cy, r * 0.82, 0, Math.PI * 2);
    ctx.fillStyle = chosen ? colorHex(scene.myColor).fill : 'rgba(255, 255, 255, 0.78)';
    ctx.fill();
    ctx.lineWidth = Math.max(3 * dpr, s * 0.025);
    ctx.strokeStyle = chosen ? '#ffffff' : colorHex(scene.myColor).fill;
    ctx.stroke();
    ctx.fillStyle = chosen ? '#ffffff' : ctx.strokeStyle;
    ctx.font = `800 ${Math.round(r * 0.8)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    // the number is the key that picks it
    ctx.fillText(String(i + 1), cx, cy + r * 0.04);
  });
}
