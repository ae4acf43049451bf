import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import { spotLabels } from '../../static/js/ui/tray.js';

const spot = (at, feature) => ({ kind: 'follower', at, feature });

// issue 20 item 5: a crossroads offered "Farmer in the field (north)" twice
test("every figure button's words are its own, however many spots a tile has", () => {
  const crossroads = [spot('N', 'road'), spot('E', 'road'), spot('S', 'road'), spot('W', 'road'),
    spot('NNW', 'field'), spot('NNE', 'field'), spot('SSE', 'field'), spot('SSW', 'field')];
  const labels = spotLabels(crossroads);
  assert.equal(new Set(labels).size, crossroads.length, labels.join(' / '));
  assert.deepEqual(labels.slice(4), ['Farmer in the field (north-west)', 'Farmer in the field (north-east)',
    'Farmer in the field (south-east)', 'Farmer in the field (south-west)']);
  assert.equal(labels[0], 'Thief on the road (north)');
  // words as short as they can be: alone, a spot needs no side
  assert.deepEqual(spotLabels([spot('N', 'city'), spot('S', 'field')]), ['Knight in the city', 'Farmer in the field']);
  assert.deepEqual(spotLabels([spot('N', 'city'), spot('S', 'city')]), ['Knight in the city (north)', 'Knight in the city (south)']);
});
