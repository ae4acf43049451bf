import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import { nextAttention, roomTitle, homeTitle, waitingText, notifyState } from '../../static/js/ui/notify.js';

/** Run the attention machine over steps, returning the title after each. */
function run(steps) {
  let attention = false;
  return steps.map((step) => {
    attention = nextAttention(attention, step);
    return roomTitle('Room AB · Winter Carcassonne', { mine: step.mine, attention });
  });
}

test('a move that becomes yours while the page is hidden calls for attention until you look', () => {
  assert.deepEqual(run([
    { mine: false, hidden: true, started: false },
    { mine: true, hidden: true, started: true }, // the other player moved
    { mine: true, hidden: true, started: false }, // another diff (chat, presence)
    { mine: true, hidden: false, started: false }, // looked
    { mine: true, hidden: true, started: false }, // hidden again: already seen
    { mine: false, hidden: false, started: false }, // moved
  ]), [
    'Room AB · Winter Carcassonne',
    '● Your move — Room AB · Winter Carcassonne',
    '● Your move — Room AB · Winter Carcassonne',
    '● Your turn · Room AB · Winter Carcassonne',
    '● Your turn · Room AB · Winter Carcassonne',
    'Room AB · Winter Carcassonne',
  ]);
});

test('a move made elsewhere (another tab) or a turn that starts in view ends the call', () => {
  assert.equal(nextAttention(true, { mine: false, hidden: true, started: false }), false);
  assert.equal(nextAttention(false, { mine: true, hidden: false, started: true }), false);
});

test('the home page counts the games waiting for you', () => {
  assert.equal(waitingText(0), '');
  assert.equal(waitingText(1), 'Your move in 1 game');
  assert.equal(waitingText(3), 'Your move in 3 games');
  assert.equal(homeTitle('Winter Carcassonne online', 2), '● Your move in 2 games — Winter Carcassonne online');
  assert.equal(homeTitle('Winter Carcassonne online', 0), 'Winter Carcassonne online');
});

test('the notify button: asks first, then switches; blocked only the browser can change', () => {
  assert.equal(notifyState(null, null), 'unsupported');
  assert.equal(notifyState('default', null), 'ask');
  assert.equal(notifyState('default', '1'), 'ask', 'a permission taken back asks again');
  assert.equal(notifyState('granted', null), 'on');
  assert.equal(notifyState('granted', '0'), 'off');
  assert.equal(notifyState('granted', '1'), 'on');
  assert.equal(notifyState('denied', '1'), 'blocked');
});
