import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import { EMBLEMS, EMBLEM_OUTLINES, emblemOf, emblemClip } from '../../static/js/board/emblems.js';
import { COLORS, COLOR_HEX } from '../../static/js/net/protocol.js';

/** Is (x, y) inside the polygon (even-odd)? */
function inside(poly, x, y) {
  let yes = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [[xi, yi], [xj, yj]] = [poly[i], poly[j]];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) yes = !yes;
  }
  return yes;
}

/** The emblem rasterised on a 40 by 40 grid over the unit square. */
function raster(name) {
  const cells = new Set();
  for (let i = 0; i < 40; i++) for (let j = 0; j < 40; j++) if (inside(EMBLEM_OUTLINES[name], (i + 0.5) / 40, (j + 0.5) / 40)) cells.add(i * 40 + j);
  return cells;
}

test('every colour has an emblem of its own, an unknown colour the first one\'s', () => {
  assert.deepEqual(Object.keys(EMBLEMS), Object.keys(COLOR_HEX));
  assert.equal(new Set(Object.values(EMBLEMS)).size, Object.keys(COLOR_HEX).length);
  for (const c of Object.keys(COLOR_HEX)) assert.ok(EMBLEM_OUTLINES[emblemOf(c)], c);
  assert.equal(emblemOf('mauve'), EMBLEMS[COLORS[0]]);
  assert.equal(emblemOf(null), EMBLEMS[COLORS[0]]);
});

test('each emblem fills its square about as much as the others, inside it', () => {
  for (const [name, outline] of Object.entries(EMBLEM_OUTLINES)) {
    for (const [x, y] of outline) assert.ok(x >= 0 && x <= 1 && y >= 0 && y <= 1, `${name}: ${x}, ${y}`);
    const share = raster(name).size / 1600;
    assert.ok(share > 0.3 && share < 0.85, `${name} covers ${share}`);
  }
});

test('no two emblems are alike: each pair differs in at least a fifth of their area', () => {
  const names = Object.keys(EMBLEM_OUTLINES);
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const [a, b] = [raster(names[i]), raster(names[j])];
      const both = [...a].filter((c) => b.has(c)).length;
      const iou = both / (a.size + b.size - both);
      assert.ok(iou < 0.8, `${names[i]} and ${names[j]} overlap ${iou.toFixed(2)}`);
    }
  }
});

test('the CSS clip-path is the same outline, in per cent of the chip', () => {
  assert.equal(emblemClip('diamond'), 'polygon(50% 0%, 100% 50%, 50% 100%, 0% 50%)');
  for (const [name, outline] of Object.entries(EMBLEM_OUTLINES)) {
    const points = emblemClip(name).slice('polygon('.length, -1).split(', ')
      .map((p) => p.split(' ').map((v) => parseFloat(v) / 100));
    assert.equal(points.length, outline.length);
    points.forEach(([x, y], i) => assert.ok(Math.hypot(x - outline[i][0], y - outline[i][1]) < 0.001, name));
  }
});
