import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import { layoutTargets, hitTarget, TARGET_PX } from '../../static/js/board/targets.js';

const d = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);

test('a tap in the middle of the chosen tile always turns it, even over a monastery spot', () => {
  for (const scale of [60, 120, 220]) {
    const layout = layoutTargets([[0.5, 0.5], [0.5, 0.85], [0.2, 0.2]], scale);
    assert.deepEqual(hitTarget(layout, 0.5, 0.5), { rotate: true });
    for (const t of layout.targets) assert.ok(d(t, [0.5, 0.5]) > layout.hub, 'no target inside the hub');
  }
});

test('each target answers a tap on it, targets are a fingertip wide and apart', () => {
  const scale = 220;
  const layout = layoutTargets([[0.5, 0.5], [0.5, 0.78], [0.8, 0.5], [0.3, 0.2]], scale);
  assert.ok(Math.abs(layout.ring * 2 * scale - TARGET_PX) < 1e-9);
  layout.targets.forEach((t, i) => assert.deepEqual(hitTarget(layout, t[0], t[1]), { spot: i }));
  for (let i = 0; i < layout.targets.length; i++) {
    for (let j = i + 1; j < layout.targets.length; j++) {
      assert.ok(d(layout.targets[i], layout.targets[j]) * scale >= TARGET_PX - 0.5, `targets ${i} and ${j} overlap`);
    }
  }
});

test('spots far from the centre stay where the figure would stand', () => {
  const layout = layoutTargets([[0.5, 0.1], [0.9, 0.5]], 200);
  assert.deepEqual(layout.targets, [[0.5, 0.1], [0.9, 0.5]]);
  assert.deepEqual(hitTarget(layout, 0.1, 0.9), { rotate: true }, 'a tap on the tile away from targets turns it');
});

// issue 20 item 3: the camera does not zoom in for the targets, so at a small zoom they ring the tile
test('at any zoom the targets are a fingertip wide and apart, clear of the hub, and each answers a tap', () => {
  // a crossroads' spots: four roads and four fields
  const crossroads = [[0.5, 0.2], [0.8, 0.5], [0.5, 0.8], [0.2, 0.5], [0.15, 0.15], [0.85, 0.15], [0.85, 0.85], [0.15, 0.85]];
  for (const scale of [44, 60, 90, 140, 220]) {
    for (const spots of [crossroads, crossroads.slice(0, 4), [[0.5, 0.5]], [[0.5, 0.5], [0.5, 0.9]]]) {
      const layout = layoutTargets(spots, scale);
      layout.targets.forEach((t, i) => {
        assert.deepEqual(hitTarget(layout, t[0], t[1]), { spot: i }, `scale ${scale}, target ${i}`);
        assert.ok(d(t, [0.5, 0.5]) >= layout.hub + layout.ring - 1e-6, `scale ${scale}: target ${i} overlaps the hub`);
      });
      for (let i = 0; i < layout.targets.length; i++) {
        for (let j = i + 1; j < layout.targets.length; j++) {
          assert.ok(d(layout.targets[i], layout.targets[j]) * scale >= TARGET_PX - 0.5, `scale ${scale}: ${i} and ${j} overlap`);
        }
      }
    }
  }
});

test('targets stay on the tile while they fit there, and go round it when they do not', () => {
  const inTile = (t) => t.every((c) => c >= 0 && c <= 1);
  assert.ok(layoutTargets([[0.5, 0.1], [0.9, 0.5]], 150).targets.every(inTile));
  const small = layoutTargets([[0.5, 0.1], [0.9, 0.5], [0.5, 0.9], [0.1, 0.5]], 44);
  assert.ok(small.targets.every((t) => !inTile(t)), 'a 44 px tile holds no 44 px target clear of its hub');
  assert.equal(small.hub, 0.5, 'the hub is the tile at most');
  // each target lies on its spot's side of the tile
  assert.ok(small.targets[0][1] < 0 && small.targets[1][0] > 1 && small.targets[2][1] > 1 && small.targets[3][0] < 0);
});
