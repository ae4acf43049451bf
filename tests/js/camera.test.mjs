import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import { createCamera, toScreen, toWorld, zoomAt, pan, fit, boundsOf, MIN_SCALE, MAX_SCALE } from '../../static/js/board/camera.js';

test('screen and world are inverse', () => {
  const cam = { x: 2.5, y: -1, scale: 80 };
  const [sx, sy] = toScreen(cam, 400, 300, 3, 0);
  assert.deepEqual([sx, sy], [240, 230]);
  assert.deepEqual(toWorld(cam, 400, 300, sx, sy), [3, 0]);
});

test('zoom keeps the point under the pointer and stays within bounds', () => {
  const cam = createCamera();
  const before = toWorld(cam, 400, 300, 100, 50);
  zoomAt(cam, 400, 300, 100, 50, 1.5);
  const after = toWorld(cam, 400, 300, 100, 50);
  assert.ok(Math.abs(before[0] - after[0]) < 1e-9 && Math.abs(before[1] - after[1]) < 1e-9);
  zoomAt(cam, 400, 300, 0, 0, 1e-6);
  assert.equal(cam.scale, MIN_SCALE);
  zoomAt(cam, 400, 300, 0, 0, 1e6);
  assert.equal(cam.scale, MAX_SCALE);
});

test('a drag moves the board with the finger', () => {
  const cam = { x: 0, y: 0, scale: 50 };
  pan(cam, 100, -50);
  assert.deepEqual(cam, { x: -2, y: 1, scale: 50 });
});

test('fit centres the bounds with a margin, and bounds of nothing is the start cell', () => {
  const cam = createCamera();
  const b = boundsOf([{ x: -2, y: 0 }, { x: 1, y: 3 }]);
  assert.deepEqual(b, { minX: -2, minY: 0, maxX: 1, maxY: 3 });
  fit(cam, 520, 520, b, 0.5);
  assert.equal(cam.scale, 104);
  assert.deepEqual([cam.x, cam.y], [0, 2]);
  assert.deepEqual(boundsOf([]), { minX: 0, minY: 0, maxX: 0, maxY: 0 });
});
