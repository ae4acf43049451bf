import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import { SLOTS, rotateSlot, unrotateSlot, rotatePoint, unrotatePoint, slotPoint, edgesOf } from '../../static/js/board/slots.js';
import { labelOfSlot, slotsOfLabel, CENTRE } from '../../static/js/board/segmap.js';
import { CATALOG } from './fixtures.mjs';

test('a quarter turn moves every slot three places clockwise (TILES.md)', () => {
  assert.equal(rotateSlot('NNW', 90), 'ENE');
  assert.equal(rotateSlot('N', 90), 'E');
  assert.equal(rotateSlot('WNW', 90), 'NNE');
  assert.equal(rotateSlot('N', 180), 'S');
  assert.equal(rotateSlot('C', 270), 'C');
  for (const slot of SLOTS) for (const rot of [0, 90, 180, 270]) assert.equal(unrotateSlot(rotateSlot(slot, rot), rot), slot);
});

test('points turn about the tile centre', () => {
  assert.deepEqual(rotatePoint([0.5, 0], 90), [1, 0.5]);
  assert.deepEqual(rotatePoint([0, 0], 180), [1, 1]);
  const back = unrotatePoint(rotatePoint([0.2, 0.7], 270), 270);
  assert.ok(Math.abs(back[0] - 0.2) < 1e-9 && Math.abs(back[1] - 0.7) < 1e-9);
});

test('slot positions lie on their edge', () => {
  assert.deepEqual(slotPoint('N'), [0.5, 0]);
  assert.deepEqual(slotPoint('ESE'), [1, 0.75]);
  assert.deepEqual(slotPoint('WSW'), [0, 0.75]);
  assert.deepEqual(edgesOf(['NNW', 'N', 'NNE', 'W']), ['N', 'W']);
});

test('segment labels from board slots, through rotation', () => {
  const D = CATALOG.D;
  assert.equal(labelOfSlot(D, 0, 'N'), 1, 'the city is segment 0, label 1');
  assert.equal(labelOfSlot(D, 90, 'E'), 1, 'turned a quarter, the city faces east');
  assert.equal(labelOfSlot(D, 0, 'C'), CENTRE);
  assert.deepEqual(slotsOfLabel(D, 90, 1), ['ENE', 'E', 'ESE']);
  assert.deepEqual(slotsOfLabel(D, 0, 0), []);
  assert.deepEqual(slotsOfLabel(CATALOG.A, 0, CENTRE), ['C']);
});
