import './english.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAnnouncer } from '../../static/js/ui/announcer.js';

/** A live region and a hand-run "end of task". */
function region() {
  const el = { textContent: '' };
  /** @type {(() => void)[]} */
  const queued = [];
  const say = createAnnouncer(/** @type {any} */ (el), (f) => queued.push(f));
  const endTask = () => queued.splice(0).forEach((f) => f());
  return { el, say, endTask, queued };
}

test('what one redraw says reaches the region as one text, whose turn it is first', () => {
  const { el, say, endTask, queued } = region();
  say('Ann scores 4 points for a city');
  say("Bob's turn. Bob drew tile N.", true);
  assert.equal(el.textContent, '', 'nothing before the task ends');
  assert.equal(queued.length, 1, 'one write for the task');
  endTask();
  assert.equal(el.textContent, "Bob's turn. Bob drew tile N. Ann scores 4 points for a city.");
});

test('a sentence is said once however often the page is redrawn; empty says nothing', () => {
  const { el, say, endTask, queued } = region();
  say('Your turn. You drew tile U.');
  endTask();
  say('Your turn. You drew tile U.');
  say('');
  assert.equal(queued.length, 0);
  assert.equal(el.textContent, 'Your turn. You drew tile U.');
  say('The game is over');
  endTask();
  assert.equal(el.textContent, 'The game is over.');
});
