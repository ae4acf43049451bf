import test from 'node:test';
import assert from 'node:assert/strict';
import { riverBanks, featureOf } from '../../static/js/ui/inspector.js';

const field = (id, parts) => ({ id, kind: 'field', complete: false, parts, tiles: parts.length, pennants: 0,
  followers: [0, 0], points_now: 0, points_end: 0 });

test('the river shows the field on each of its banks', () => {
  const north = field('f1', [{ x: 2, y: 0, slots: ['NNW', 'N', 'NNE', 'ENE', 'WNW'] }]);
  const south = field('f2', [{ x: 2, y: 0, slots: ['ESE', 'S', 'WSW'] }]);
  const road = { ...field('r1', [{ x: 2, y: 0, slots: ['S'] }]), kind: 'road' };
  const banks = riverBanks([road, south, north], { x: 2, y: 0, slots: ['E', 'W'] });
  assert.deepEqual(banks.map((f) => f.id), ['f1', 'f2'], 'north bank first (beside E: ENE, then ESE)');
  assert.equal(featureOf([north, south], { x: 2, y: 0, slots: ['E', 'W'] }), null, 'the river itself is no feature');
});

test('round the end of the river both banks are one field', () => {
  const round = field('f0', [{ x: 0, y: 0, slots: ['NNW', 'N', 'NNE', 'ENE', 'ESE', 'SSE', 'S', 'SSW', 'WSW', 'W', 'WNW'] }]);
  assert.deepEqual(riverBanks([round], { x: 0, y: 0, slots: ['E'] }).map((f) => f.id), ['f0']);
  assert.deepEqual(riverBanks([], { x: 0, y: 0, slots: ['E'] }), [], 'features not here yet: nothing to show');
});
