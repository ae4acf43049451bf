import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import { trackPlaces, spaceCell, trackText, SPACES } from '../../static/js/ui/track.js';

test('a marker stands on its score, past 50 on the same track with a lap more', () => {
  const [ann, bo] = trackPlaces([12, 57]);
  assert.deepEqual([ann.space, ann.lap], [12, 0]);
  assert.deepEqual([bo.space, bo.lap], [7, 1]);
  assert.deepEqual(trackPlaces([100])[0], { player: 0, space: 0, lap: 2, slot: 0, of: 1 });
});

test('markers on the same space stand side by side, in player order', () => {
  const places = trackPlaces([5, 55, 3, 5]);
  const on5 = places.filter((p) => p.space === 5);
  assert.deepEqual(on5.map((p) => [p.player, p.slot, p.of]), [[0, 0, 3], [1, 1, 3], [3, 2, 3]]);
  assert.deepEqual([places[2].slot, places[2].of], [0, 1]);
});

test('the track is one path: a snake of rows of ten', () => {
  assert.deepEqual(spaceCell(0), [0, 0]);
  assert.deepEqual(spaceCell(9), [9, 0]);
  assert.deepEqual(spaceCell(10), [9, 1], 'the second row runs back');
  assert.deepEqual(spaceCell(19), [0, 1]);
  assert.deepEqual(spaceCell(20), [0, 2]);
  for (let n = 1; n < SPACES; n++) {
    const [a, b] = [spaceCell(n - 1), spaceCell(n)];
    assert.equal(Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]), 1, `space ${n} is next to ${n - 1}`);
  }
});

test('the track in words, laps said', () => {
  assert.equal(trackText([12, 57], [{ name: 'Ann' }, { name: 'Bo' }]), 'Score track: Ann 12, Bo 57 (1 lap)');
});
