import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import { edgeAt, touching, riverInflow } from '../../static/js/board/edges.js';
import { CATALOG, RIVER } from './fixtures.mjs';

test('a turned tile shows its edges a quarter further round', () => {
  assert.equal(edgeAt(CATALOG.D, 0, 'N'), 'C');
  assert.equal(edgeAt(CATALOG.D, 90, 'E'), 'C', 'the city turns from north to east');
  assert.equal(edgeAt(CATALOG.D, 90, 'N'), 'R');
  assert.equal(edgeAt(RIVER.R12, 180, 'E'), 'V', 'the lake turned round takes the river from the east');
});

test('the sides of a cell that touch tiles, and what each tile shows it', () => {
  const board = [{ x: 0, y: 0, tile: 'D', rot: 0 }, { x: 1, y: -1, tile: 'E', rot: 180 }];
  assert.deepEqual(touching(board, CATALOG, 1, 0), [{ dir: 'N', edge: 'C' }, { dir: 'W', edge: 'R' }]);
  assert.deepEqual(touching(board, CATALOG, 5, 5), []);
});

test('the river flows into the cell beside its river edge', () => {
  const board = [{ x: 0, y: 0, tile: 'R09', rot: 0 }];
  assert.equal(riverInflow(board, RIVER, 0, 1), 'N', 'R09 sends the river south');
  assert.equal(riverInflow(board, RIVER, -1, 0), 'E', 'and west');
  assert.equal(riverInflow(board, RIVER, 1, 0), null, 'its east edge is road');
});
