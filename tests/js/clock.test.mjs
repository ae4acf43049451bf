import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import { secondsLeft, clockText, clockName, clockKey } from '../../static/js/ui/clock.js';
import { scoreSeries } from '../../static/js/ui/chart.js';
import { resultTitle } from '../../static/js/ui/results.js';

test('the bank of the player to move runs down from when it started; the others stand still', () => {
  const clock = { bank: 300, increment: 10, banks: [100, 80], running: 0, since: 1000 };
  assert.equal(secondsLeft(clock, 0, 1030), 70);
  assert.equal(secondsLeft(clock, 1, 1030), 80);
  assert.equal(secondsLeft(clock, 0, 2000), 0);
  assert.equal(secondsLeft(clock, 0, 990), 100, 'a clock behind the server does not add time');
});

test('clock words', () => {
  assert.equal(clockText(61.2), '1:02');
  assert.equal(clockText(0), '0:00');
  assert.equal(clockName({ bank: 300, increment: 10 }), '5 min + 10 s a turn');
  assert.equal(clockName({ bank: 45, increment: 0 }), '45 s');
  assert.equal(clockName(null), 'No clock');
  assert.equal(clockKey(null), 'off');
});

test('scores over the turns add up, the final scoring last', () => {
  const events = [{ turn: 2, points: 4, players: [0], final: false },
    { turn: 3, points: 2, players: [0, 1], final: false }, { turn: 4, points: 3, players: [1], final: true }];
  assert.deepEqual(scoreSeries(events, 2, 3), [[0, 0, 4, 6, 6], [0, 0, 0, 2, 5]]);
});

test('a game nobody scored in has no winner', () => {
  const players = [{ name: 'Ann' }, { name: 'Bo' }];
  assert.equal(resultTitle({ scores: [0, 0], winners: [0, 1] }, players), 'Nobody scored');
  assert.equal(resultTitle({ scores: [5, 5], winners: [0, 1] }, players), 'Shared win: Ann and Bo');
  assert.equal(resultTitle({ scores: [5, 7], winners: [1] }, players), 'Bo wins!');
});

test("the introduction's field says what it would have scored, 3 per completed city", async () => {
  const { lessonText } = await import('../../static/js/ui/results.js');
  const lesson = { field: { id: 'f1' }, cities: [{ id: 'c1' }, { id: 'c2' }, { id: 'c3' }], per_city: 3, points: 9 };
  assert.equal(lessonText(lesson), 'This field touches 3 completed cities. Had a farmer lain in it: 3 per completed city: 9.');
  assert.match(lessonText({ ...lesson, cities: [{ id: 'c1' }], points: 3 }), /1 completed city\. .*: 3\.$/);
});
