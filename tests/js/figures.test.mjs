import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import { PICTURES, figurePicture, figureSize, emblemBox } from '../../static/js/board/figures.js';
import { SILHOUETTES, onSilhouette, turning } from '../../static/js/board/silhouettes.js';

/** The silhouette rasterised on a grid over [-0.6, 0.6] squared. */
function raster(s, n = 60) {
  const cells = new Set();
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (onSilhouette(s, -0.6 + (1.2 * (i + 0.5)) / n, -0.6 + (1.2 * (j + 0.5)) / n)) cells.add(i * n + j);
  return cells;
}

function overlap(a, b) {
  const both = [...a].filter((c) => b.has(c)).length;
  return both / (a.size + b.size - both);
}

test('each kind of figure in the state has its picture; a follower or a large one in a field lies down', () => {
  const cases = [
    [{ kind: 'follower', feature: 'road' }, 'follower'], [{ kind: 'follower', feature: 'field' }, 'farmer'],
    [{ kind: 'abbot', feature: 'garden' }, 'abbot'], [{ kind: 'large', feature: 'city' }, 'large'],
    [{ kind: 'large', feature: 'field' }, 'large-farmer'], [{ kind: 'builder', feature: 'road' }, 'builder'],
    [{ kind: 'pig', feature: 'field' }, 'pig'], [{ kind: 'follower' }, 'follower'], [{ kind: 'wizard' }, 'follower'],
  ];
  for (const [fig, picture] of cases) assert.equal(figurePicture(fig), picture, JSON.stringify(fig));
});

test('a figure is 0.42 of its cell, at least 16 CSS px while the cell allows, a large one a size larger', () => {
  assert.equal(figureSize('follower', 100, 1), 42);
  assert.equal(figureSize('follower', 100 * 3, 3), 126, 'device pixels');
  assert.equal(figureSize('follower', 30, 1), 16, 'at 30 px a tile, a phone at "fit"');
  assert.equal(figureSize('follower', 20, 1), 20 * 0.62, 'never more than 0.62 of a small cell');
  assert.equal(figureSize('farmer', 100, 1), figureSize('follower', 100, 1));
  for (const s of [20, 30, 100, 200]) {
    assert.ok(Math.abs(figureSize('large', s, 1) / figureSize('follower', s, 1) - 1.35) < 1e-9);
    assert.ok(figureSize('builder', s, 1) > figureSize('follower', s, 1));
  }
});

test('the large follower is the follower\'s outline; the builder, the pig and the abbot have their own', () => {
  assert.equal(PICTURES.large.outline, 'follower');
  assert.equal(PICTURES['large-farmer'].outline, 'follower');
  const follower = raster(SILHOUETTES.follower);
  for (const [other, most] of [['builder', 0.7], ['pig', 0.65], ['abbot', 0.8]]) {
    const o = overlap(follower, raster(SILHOUETTES[other]));
    assert.ok(o < most, `${other} overlaps the follower ${o.toFixed(2)}`);
  }
  assert.ok(overlap(raster(SILHOUETTES.builder), raster(SILHOUETTES.pig)) < 0.5);
});

test('the pig stands wider than tall; the others taller than wide', () => {
  for (const [name, s] of Object.entries(SILHOUETTES)) {
    const points = [...s.polygons.flat(), ...s.circles.flatMap(([x, y, r]) => [[x - r, y - r], [x + r, y + r]])];
    const [xs, ys] = [points.map((p) => p[0]), points.map((p) => p[1])];
    const [w, h] = [Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)];
    assert.ok(name === 'pig' ? w > h * 1.3 : h >= w * 0.95, `${name}: ${w.toFixed(2)} by ${h.toFixed(2)}`);
    // with its outline and its shadow the figure stays inside its bitmap (drawn at 0.8 of it)
    for (const [x, y] of points) assert.ok(Math.abs(x) <= 0.52 && Math.abs(y) <= 0.52, `${name} reaches ${x}, ${y}`);
    const [, cy, r] = s.snow;
    assert.ok(cy - r >= -0.6, `${name}'s snow`);
  }
});

test('every emblem sits on the flat of its figure\'s body, clear of its edge', () => {
  for (const [name, s] of Object.entries(SILHOUETTES)) {
    const [cx, cy, size] = s.emblem;
    const half = size / 2 + 0.03;
    for (let i = 0; i <= 8; i++) {
      for (let j = 0; j <= 8; j++) {
        const [x, y] = [cx - half + (2 * half * i) / 8, cy - half + (2 * half * j) / 8];
        assert.ok(onSilhouette(s, x, y), `${name}'s emblem runs off at ${x.toFixed(2)}, ${y.toFixed(2)}`);
      }
    }
    assert.ok(size >= 0.28, `${name}'s emblem is large enough to read`);
  }
});

test('a figure lying down keeps its emblem upright, on its body turned with it', () => {
  assert.deepEqual(emblemBox('follower'), SILHOUETTES.follower.emblem);
  const [x, y, size] = SILHOUETTES.follower.emblem;
  assert.deepEqual(emblemBox('farmer'), [y, -x, size]);
  assert.deepEqual(emblemBox('large-farmer'), emblemBox('farmer'));
});

test('every polygon of a silhouette has an area and a way it turns (its path lays them all one way)', () => {
  for (const s of Object.values(SILHOUETTES)) {
    for (const poly of s.polygons) {
      assert.ok(Math.abs(turning(poly)) > 1e-4);
      assert.ok(Math.abs(turning([...poly].reverse()) + turning(poly)) < 1e-12);
    }
  }
  assert.ok(turning([[0, 0], [1, 0], [1, 1]]) > 0, 'clockwise on the screen (y down), as arc() turns');
});
