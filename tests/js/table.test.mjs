import './english.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tableMarks, outlookLines, closingTiles, chanceText, maySeeTable, tableUseText } from '../../static/js/ui/table.js';

/** An analysis in the server's shape (PROTOCOL.md "`analysis`: what the table knows"). */
const ANALYSIS = {
  game: 3, turn: 7, tiles: { A: 1, D: 3, U: 6 }, draws: [5, 5],
  squares: [
    { x: -1, y: 0, fits: { D: 3, U: 6 }, count: 9 },
    { x: 1, y: 1, fits: { A: 1, D: 3 }, count: 4 },
    { x: 2, y: -1, fits: {}, count: 0 },
  ],
  dead: [[2, -1]],
  features: [
    { id: 's1', kind: 'road', squares: [[-1, 0], [1, 1]], counts: [9, 4], closable: true, chance: [0.4512, 0.004] },
    { id: 'c2', kind: 'city', squares: [[2, -1]], counts: [0], closable: false, chance: [0, 0] },
  ],
};
const PLAYERS = [{ name: 'Ann' }, { name: 'Bob' }];

test('the overlay crosses out the dead squares and counts the fitting tiles on the others', () => {
  assert.deepEqual(tableMarks(ANALYSIS), {
    dead: [{ x: 2, y: -1 }],
    fits: [{ x: -1, y: 0, count: 9 }, { x: 1, y: 1, count: 4 }],
  });
  assert.equal(tableMarks(null), null);
});

test('the tiles that would close a feature: each kind once over its squares, most copies first', () => {
  assert.deepEqual(closingTiles(ANALYSIS, ANALYSIS.features[0]), [['U', 6], ['D', 3], ['A', 1]]);
});

test('the inspector says the open squares, the tiles that fit, and each player\'s chance', () => {
  assert.deepEqual(outlookLines(ANALYSIS, 's1', PLAYERS), [
    '2 open squares to fill before it is complete.',
    '10 tiles left would fit (U, D and A).',
    'Chance to complete it with their own tiles: Ann 45 %, Bob under 1 %.',
  ]);
});

test('a feature no tile left can complete says so, and no chance', () => {
  assert.deepEqual(outlookLines(ANALYSIS, 'c2', PLAYERS), [
    '1 open square to fill before it is complete.',
    'No tile left can fill them all: it can no longer be completed.',
  ]);
  assert.equal(outlookLines(ANALYSIS, 'nope', PLAYERS), null);
  assert.equal(outlookLines(null, 's1', PLAYERS), null);
});

test('chances are whole percents, a small one is not rounded to nothing', () => {
  assert.equal(chanceText(0), '0 %');
  assert.equal(chanceText(1), '100 %');
  assert.equal(chanceText(0.004), 'under 1 %');
  assert.equal(chanceText(0.996), '100 %');
});

test('who may see it follows the game\'s advice level: players at request, everyone with the coach', () => {
  const state = (advice, seat) => ({ you: { seat }, room: { options: { hints: 'off' } }, game: { advice } });
  assert.equal(maySeeTable(state('off', 0)), false);
  assert.equal(maySeeTable(state('request', 0)), true);
  assert.equal(maySeeTable(state('request', null)), false);
  assert.equal(maySeeTable(state('coach', null)), true);
  // before the first game, the room's level
  assert.equal(maySeeTable({ you: { seat: 1 }, room: { options: { hints: 'request' } }, game: null }), true);
});

test('the results say who looked at the table\'s analysis', () => {
  assert.equal(tableUseText(PLAYERS, [false, true]), 'Bob looked at what the table knows (dead squares and the odds).');
  assert.equal(tableUseText(PLAYERS, [false, false]), null);
  assert.equal(tableUseText(PLAYERS, undefined), null);
});
