import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import { createFollow, noteManual, mayFollow, resumeFollow, cellInView, centreOn, glideAt, ease, HOLD_MS } from '../../static/js/board/follow.js';
import { toScreen } from '../../static/js/board/camera.js';

const NONE = { top: 0, right: 0, bottom: 0, left: 0 };

test('a hand move holds the camera for a while, "last move" releases it', () => {
  const f = createFollow();
  assert.equal(mayFollow(f, 0), true);
  noteManual(f, 1000);
  assert.equal(mayFollow(f, 1000 + HOLD_MS - 1), false);
  assert.equal(mayFollow(f, 1000 + HOLD_MS), true);
  noteManual(f, 2000);
  resumeFollow(f);
  assert.equal(mayFollow(f, 2001), true);
});

test('a cell under a control is not in view', () => {
  const cam = { x: 0.5, y: 0.5, scale: 100 };
  assert.equal(cellInView(cam, 400, 400, { x: 0, y: 0 }, NONE), true);
  assert.equal(cellInView(cam, 400, 400, { x: 1, y: 0 }, NONE), true);
  assert.equal(cellInView(cam, 400, 400, { x: 1, y: 0 }, { ...NONE, right: 60 }), false);
  assert.equal(cellInView(cam, 400, 400, { x: 0, y: -2 }, NONE), false);
});

test('centring puts the cell in the middle of the free area', () => {
  const insets = { top: 50, right: 60, bottom: 0, left: 0 };
  const cam = centreOn({ x: 0, y: 0, scale: 80 }, 400, 300, { x: 5, y: -3 }, insets);
  const [sx, sy] = toScreen(cam, 400, 300, 5.5, -2.5);
  assert.ok(Math.abs(sx - (400 - 60) / 2) < 1e-9);
  assert.ok(Math.abs(sy - (50 + 300) / 2) < 1e-9);
  assert.equal(cam.scale, 80);
  assert.equal(cellInView(cam, 400, 300, { x: 5, y: -3 }, insets), true);
  assert.equal(centreOn({ x: 0, y: 0, scale: 500 }, 400, 300, { x: 0, y: 0 }, NONE).scale, 300, 'zooms out to fit');
});

test('a glide starts and ends where it should, zoom evenly in log space', () => {
  const a = { x: 0, y: 0, scale: 20 };
  const b = { x: 10, y: -4, scale: 80 };
  const start = glideAt(a, b, 0);
  assert.ok(start.x === 0 && start.y === 0 && Math.abs(start.scale - 20) < 1e-9);
  const end = glideAt(a, b, 1);
  assert.ok(Math.abs(end.scale - 80) < 1e-9 && end.x === 10 && end.y === -4);
  assert.ok(Math.abs(glideAt(a, b, 0.5).scale - 40) < 1e-9);
  assert.equal(ease(-1), 0);
  assert.equal(ease(2), 1);
  assert.ok(ease(0.25) < 0.25 && ease(0.75) > 0.75);
});

// issue 20 item 3: the player's zoom is kept to the last bit, however a pan is cut short
test('a glide at one zoom keeps that zoom exactly at every point', () => {
  const scale = 55.96774193548388;
  for (const t of [0, 0.1, 0.37, 0.5, 0.93, 1]) {
    assert.equal(glideAt({ x: 0, y: 0, scale }, { x: 3.3, y: -7.1, scale }, t).scale, scale);
  }
});
