import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  paceChange, paceText, paceExplanation, durationText, leftText, agoText, timeLeft, deadlineWords,
  createPaceOptions, timeoutText,
} from '../../static/js/ui/pace.js';
import { gameView } from './fixtures.mjs';

test('choosing turn-based turns the live clock off in the same set_options', () => {
  assert.deepEqual({ type: 'set_options', ...paceChange('turn') }, { type: 'set_options', pace: 'turn', clock: null });
  assert.deepEqual(paceChange('live'), { pace: 'live' }, 'back to live: the clock stays off until chosen');
});

test("the create form's pace: live, or turn-based with the hours of a move", () => {
  assert.deepEqual(createPaceOptions('live'), { pace: 'live' });
  assert.deepEqual(createPaceOptions('48'), { pace: 'turn', move_hours: 48 });
  assert.deepEqual(createPaceOptions('13'), { pace: 'live' }, 'not one of the choices: live');
});

test('time in words, rounded down: never more than there is', () => {
  assert.equal(durationText(0), 'less than a minute');
  assert.equal(durationText(59.9), 'less than a minute');
  assert.equal(durationText(60), '1 min');
  assert.equal(durationText(42 * 60 + 59), '42 min');
  assert.equal(durationText(3600), '1 h');
  assert.equal(durationText(23 * 3600 + 12 * 60 + 40), '23 h 12 min');
  assert.equal(durationText(47 * 3600 + 59 * 60), '47 h 59 min');
  assert.equal(durationText(48 * 3600), '2 days');
  assert.equal(durationText(6 * 86400 + 3 * 3600 + 59), '6 days 3 h');
  assert.equal(leftText(23 * 3600 + 12 * 60), '23 h 12 min left');
  assert.equal(leftText(0), 'time is up');
  assert.equal(leftText(-5), 'time is up');
  assert.equal(agoText(30), 'just now');
  assert.equal(agoText(3 * 3600 + 5), '3 hr ago');
  assert.equal(agoText(5 * 60), '5 min ago');
  assert.equal(agoText(3 * 86400), '3 days ago');
});

test('time left counts from the server time, for the move and the whole game', () => {
  const game = gameView({ deadline: { move: 10000, game: 200000 } });
  assert.deepEqual(timeLeft(game, 4000), { move: 6000, game: 196000 });
  assert.deepEqual(timeLeft(game, 20000), { move: 0, game: 180000 }, 'past it: nothing left, never negative');
  assert.deepEqual(timeLeft(gameView({ deadline: { move: 10000, game: null } }), 4000), { move: 6000, game: null });
  assert.equal(timeLeft(gameView({ deadline: null }), 4000), null, 'a live game has no deadline');
  assert.equal(timeLeft(gameView({ deadline: { move: null, game: 1 }, finished: true }), 0), null);
  assert.equal(timeLeft(null, 0), null);
});

test('a turn-based game says whose move, how long, when it ends and what happens when time runs out', () => {
  const game = gameView({ current_player: 1, deadline: { move: 1000 + 23 * 3600 + 12 * 60, game: 1000 + 6 * 86400 } });
  const options = { pace: 'turn', move_hours: 24, game_days: 7, on_timeout: 'bot_seat' };
  const words = deadlineWords(game, options, 1000, 0);
  assert.equal(words.short, '23 h 12 min left');
  assert.equal(words.move, 'Bo has 23 h 12 min for this move.');
  assert.equal(words.game, 'The game ends in 6 days, scored as it stands then.');
  assert.match(words.timeout, /a bot takes their seat for the rest of the game/);
  const mine = deadlineWords(game, { ...options, on_timeout: 'bot_turn' }, 1000, 1);
  assert.equal(mine.move, 'You have 23 h 12 min for this move.');
  assert.match(mine.timeout, /an easy bot plays that one turn/);
  assert.equal(deadlineWords(game, options, 1000 + 86400, 1).move, 'The time for your move is up.');
  assert.equal(deadlineWords(gameView({ deadline: null }), options, 1000, 0), null);
});

test('the pace in the lobby: a summary and plain words', () => {
  assert.equal(paceText({ pace: 'live' }), 'live');
  assert.equal(paceText({ pace: 'turn', move_hours: 48, game_days: null, on_timeout: 'bot_turn' }),
    'turn-based: 48 h a move, no limit on the whole game; out of time: an easy bot plays that turn');
  assert.equal(paceText({ pace: 'turn', move_hours: 12, game_days: 7, on_timeout: 'bot_seat' }),
    'turn-based: 12 h a move, the whole game within 7 days; out of time: a bot takes the seat');
  const turn = paceExplanation({ pace: 'turn', move_hours: 24, game_days: 14, on_timeout: 'bot_turn' });
  assert.match(turn, /24 hours for a move/);
  assert.match(turn, /an easy bot plays that one turn/);
  assert.match(turn, /ends after 14 days/);
  assert.doesNotMatch(paceExplanation({ pace: 'turn', move_hours: 24, game_days: null }), /ends after/);
  assert.match(paceExplanation({ pace: 'live' }), /^Live/);
  assert.notEqual(timeoutText('bot_turn'), timeoutText('bot_seat'));
});

test('who a bot plays for, and that the seat can be taken back', async () => {
  const { botSeatLines } = await import('../../static/js/ui/pace.js');
  const seats = [{ seat: 0, name: 'Ann', bot: null }, { seat: 1, name: 'Bo', bot: 'easy', bot_for_person: true },
    { seat: 2, name: 'Bot 3 (easy)', bot: 'easy', bot_for_person: false }];
  assert.deepEqual(botSeatLines(seats, 0), ['A bot plays for Bo until they take their seat back.']);
  assert.deepEqual(botSeatLines(seats, 1), ['A bot plays for you: take your seat back to play again.']);
  assert.deepEqual(botSeatLines(seats.slice(0, 1), 0), []);
});
