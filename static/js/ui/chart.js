// Score over the turns, one line per player, drawn on a canvas.
import { colorHex } from '../board/colors.js';
import { sharpContext } from '../board/canvas.js';
import { t } from '../i18n.js';

/**
 * Cumulative scores after each turn, from the score events (final events at the end).
 * @param {{turn: number, points: number, players: number[], final: boolean}[]} events
 * @param {number} players
 * @param {number} turns
 * @returns {number[][]} series[player][turn], turn 0..turns (+1 point for the final scoring)
 */
export function scoreSeries(events, players, turns) {
  const series = Array.from({ length: players }, () => new Array(turns + 1).fill(0));
  const finals = events.some((e) => e.final);
  if (finals) series.forEach((row) => row.push(0));
  for (const e of events) {
    const at = e.final ? turns + 1 : Math.min(e.turn, turns);
    for (const p of e.players) series[p][at] += e.points;
  }
  for (const row of series) for (let t = 1; t < row.length; t++) row[t] += row[t - 1];
  return series;
}

/**
 * @param {HTMLCanvasElement} canvas
 * @param {number[][]} series
 * @param {string[]} colors
 */
export function drawScoreChart(canvas, series, colors) {
  const { ctx, W, H } = sharpContext(canvas, 320, 180);
  const pad = { l: 34, r: 10, t: 10, b: 22 };
  const n = Math.max(1, (series[0]?.length ?? 1) - 1);
  const max = Math.max(10, ...series.flat());
  const x = (t) => pad.l + (t / n) * (W - pad.l - pad.r);
  const y = (v) => H - pad.b - (v / max) * (H - pad.t - pad.b);
  ctx.font = '11px system-ui, sans-serif';
  ctx.fillStyle = '#53677c';
  ctx.strokeStyle = '#d5e0ea';
  ctx.lineWidth = 1;
  const step = niceStep(max);
  for (let v = 0; v <= max; v += step) {
    ctx.beginPath();
    ctx.moveTo(pad.l, y(v));
    ctx.lineTo(W - pad.r, y(v));
    ctx.stroke();
    ctx.textAlign = 'right';
    ctx.fillText(String(v), pad.l - 5, y(v) + 4);
  }
  ctx.textAlign = 'center';
  ctx.fillText(`${t('results.chart.turns')} →`, W / 2, H - 5);
  series.forEach((row, p) => {
    ctx.strokeStyle = colorHex(colors[p]).fill;
    ctx.lineWidth = 2.5;
    ctx.lineJoin = 'round';
    ctx.beginPath();
    row.forEach((v, t) => (t ? ctx.lineTo(x(t), y(v)) : ctx.moveTo(x(t), y(v))));
    ctx.stroke();
  });
}

function niceStep(max) {
  const raw = max / 4;
  const mag = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? mag * 10;
}
