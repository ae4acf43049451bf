import { catalogue } from './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import { marginSeries, nextMistake, betterMove, mistakesOf, CLASSES, REVIEW_WORDS } from '../../static/js/ui/review.js';

const played = { player: 0, tile: 'A', x: 1, y: 0, rot: 90, meeple: null };
const TURNS = [
  { turn: 0, player: 0, played, best: played, loss: 0, class: 'good', expected: [10, 8] },
  { turn: 1, player: 1, played: { ...played, player: 1 }, best: { player: 1, tile: 'A', x: 0, y: 1, rot: 0,
    meeple: { kind: 'follower', at: 'N' } }, loss: 6.5, class: 'mistake', expected: [12, 9], reason: 'Closes your city: +4.' },
  { turn: 2, player: 0, played, best: played, loss: 0, class: 'good', expected: [12, 15] },
  { turn: 3, player: 1, played: { player: 1, discarded: 'C' }, best: { player: 1, discarded: 'C' }, loss: 0, class: 'good', expected: [12, 15] },
  { turn: 4, player: 0, played, best: { ...played, x: 5 }, loss: 12, class: 'blunder', expected: [11, 20] },
];

test('the expected margin of each player against the best other, from 0 at the start', () => {
  assert.deepEqual(marginSeries(TURNS, 2), [[0, 2, 3, -3, -3, -9], [0, -2, -3, 3, 3, 9]]);
});

test('the next mistake or blunder after a step', () => {
  assert.equal(nextMistake(TURNS, 0), 2);
  assert.equal(nextMistake(TURNS, 2), 5);
  assert.equal(nextMistake(TURNS, 5), null);
});

test("a player's three worst moves are the puzzles of learning from them, in the order played", () => {
  assert.deepEqual(mistakesOf(TURNS, 0), [4]);
  assert.deepEqual(mistakesOf(TURNS, 1), [1]);
  assert.deepEqual(mistakesOf(TURNS.slice(0, 4), 0), [], 'good moves are no puzzle');
  const judged = (turn, loss, cls) => ({ turn, player: 0, loss, class: cls });
  const game = [judged(0, 3, 'inaccuracy'), judged(1, 9, 'blunder'), judged(2, 0, 'good'),
    judged(3, 5, 'mistake'), judged(4, 3, 'inaccuracy'), judged(5, 7, 'mistake')];
  assert.deepEqual(mistakesOf(game, 0), [1, 3, 5], 'the three greatest losses, in the order played');
  assert.deepEqual(mistakesOf(game.slice(0, 5), 0), [0, 1, 3], 'of two equal losses the earlier');
});

test('the better move of a step, in the board suggestion form; none where the best was played', () => {
  assert.deepEqual(betterMove(TURNS, 2), { x: 0, y: 1, rot: 0, tile: 'A', at: 'N', kind: 'follower' });
  assert.equal(betterMove(TURNS, 1), null);
  assert.equal(betterMove(TURNS, 4), null, 'a discard has no better move');
  assert.equal(betterMove(TURNS, 0), null, 'the start has no move');
});

test('every class has its words in the catalogue', () => {
  const en = catalogue('en');
  for (const c of CLASSES) {
    assert.ok(REVIEW_WORDS.classes[c] in en && REVIEW_WORDS.classOne[c] in en, c);
  }
});
