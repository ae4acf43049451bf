import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import * as send from '../../static/js/net/messages.js';
import { CLIENT_TYPES, PROTOCOL_VERSION } from '../../static/js/net/protocol.js';

/** Every builder of net/messages.js with arguments of the right shape. */
const MOVE = { turn: 3, x: 1, y: 0, rot: 90, meeple: null, return_abbot: false };
const BUILT = [
  send.hello('tok', 'Ann'), send.ping(), send.pong(), send.sync(), send.features(), send.analysis(),
  send.takeSeat(1, 'Ann', 'red'), send.leaveSeat(), send.removeSeat(2), send.addBot(2, 'easy'),
  send.setOptions({ farmers: false }), send.start(), send.place(MOVE), send.hint(3), send.check(MOVE),
  send.trace({ turn: 3, x: 1, y: 0, rot: 90, at: 'N' }), send.endGame(3), send.handToBot(1, 'strong'),
  send.takeBack(1), send.chat('hi'),
];

test('the client builds every message type the protocol lists, and no other', () => {
  assert.deepEqual(BUILT.map((m) => m.type).sort(), [...CLIENT_TYPES].sort());
});

test('a type the protocol does not list is refused before it is sent', () => {
  assert.throws(() => send.intent('shout', { text: 'hi' }), /no client message 'shout'/);
});

test('hello speaks the protocol version, and sends no empty token or name', () => {
  assert.deepEqual(send.hello('', undefined), { type: 'hello', protocol: PROTOCOL_VERSION, token: null, name: null });
});

test('a move is placed and checked with the same fields', () => {
  assert.deepEqual(send.place(MOVE), { type: 'place', ...MOVE });
  assert.deepEqual(send.check(MOVE), { type: 'check', ...MOVE });
});
