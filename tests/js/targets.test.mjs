import test from 'node:test';
import assert from 'node:assert/strict';
import { layoutTargets, hitTarget, comfortableScale, TARGET_PX } from '../../static/js/board/targets.js';

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

test('the comfortable zoom keeps close spots a fingertip apart, within bounds', () => {
  assert.equal(comfortableScale([[0.5, 0.1]], 300), 200);
  assert.ok(Math.abs(comfortableScale([[0.5, 0.1], [0.5, 0.3]], 300) - 220) < 1e-9);
  assert.equal(comfortableScale([[0.5, 0.1], [0.5, 0.2]], 300), 300);
});
