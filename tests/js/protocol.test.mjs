import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';

import * as protocol from '../../static/js/net/protocol.js';

// The contract the client codes against (the generator may add names, never drop these).
const NAMES = ['PROTOCOL_VERSION', 'CLIENT_TYPES', 'SERVER_TYPES', 'ERROR', 'CLOSE', 'LIMITS',
  'HEARTBEAT', 'COLORS', 'COLOR_HEX', 'OPTIONS', 'RULES'];

/** True when `value` and everything in it is frozen. */
function deepFrozen(value) {
  if (value === null || typeof value !== 'object') return true;
  return Object.isFrozen(value) && Object.values(value).every(deepFrozen);
}

test('protocol.js exports every name of the contract, frozen all the way down', () => {
  for (const name of NAMES) {
    assert.ok(name in protocol, `${name} is exported`);
    assert.ok(deepFrozen(protocol[name]), `${name} cannot be changed`);
  }
  assert.equal(protocol.PROTOCOL_VERSION, 2);
});

test('the message types are distinct strings both ways', () => {
  for (const types of [protocol.CLIENT_TYPES, protocol.SERVER_TYPES]) {
    assert.ok(types.length > 0);
    assert.equal(new Set(types).size, types.length);
    for (const type of types) assert.match(type, /^[a-z_]+$/);
  }
  for (const type of ['hello', 'place', 'sync', 'features', 'chat']) {
    assert.ok(protocol.CLIENT_TYPES.includes(type), type);
  }
  for (const type of ['welcome', 'snapshot', 'diff', 'legal', 'error', 'ping']) {
    assert.ok(protocol.SERVER_TYPES.includes(type), type);
  }
});

test('error codes are keyed by their upper-case names and close codes are websocket codes', () => {
  for (const [key, code] of Object.entries(protocol.ERROR)) assert.equal(key, code.toUpperCase());
  assert.equal(protocol.ERROR.BAD_JSON, 'bad_json');
  assert.equal(protocol.ERROR.STALE_TURN, 'stale_turn');
  assert.deepEqual(
    [protocol.CLOSE.GOING_AWAY, protocol.CLOSE.RESTART, protocol.CLOSE.RELOAD, protocol.CLOSE.NOT_FOUND],
    [1001, 1012, 4001, 4004],
  );
  for (const code of Object.values(protocol.CLOSE)) {
    assert.ok(Number.isInteger(code) && code >= 1000 && code < 5000, String(code));
  }
});

test('limits and heartbeats are positive numbers, the timeout longer than the ping', () => {
  assert.equal(protocol.LIMITS.NAME_MAX, 24);
  for (const key of ['NAME_MAX', 'CHAT_MAX', 'FRAME_BYTES']) {
    assert.ok(Number.isInteger(protocol.LIMITS[key]) && protocol.LIMITS[key] > 0, key);
  }
  for (const value of Object.values(protocol.LIMITS)) assert.ok(value > 0);
  const { PING_SECONDS, TIMEOUT_SECONDS } = protocol.HEARTBEAT;
  assert.ok(PING_SECONDS > 0 && TIMEOUT_SECONDS > PING_SECONDS);
});

test('every colour has its paint', () => {
  assert.deepEqual(protocol.COLORS, ['red', 'blue', 'green', 'yellow', 'black']);
  // the engine's colours in its order, then the sixth player's of Inns & Cathedrals
  assert.deepEqual(Object.keys(protocol.COLOR_HEX), [...protocol.COLORS, 'pink']);
  assert.deepEqual(protocol.COLOR_HEX.red, { fill: '#c23b22', edge: '#2a0903' });
  for (const paint of Object.values(protocol.COLOR_HEX)) {
    assert.deepEqual(Object.keys(paint), ['fill', 'edge']);
    for (const hex of Object.values(paint)) assert.match(hex, /^#[0-9a-f]{6}$/);
  }
});

test('every option has a default that is one of its values or within its range', () => {
  const names = ['tileset', 'farmers', 'abbot', 'river', 'inns_cathedrals', 'traders_builders', 'seats', 'clock', 'hints', 'pace',
    'move_hours', 'game_days', 'on_timeout'];
  assert.deepEqual(Object.keys(protocol.OPTIONS), names);
  for (const [name, option] of Object.entries(protocol.OPTIONS)) {
    assert.ok('default' in option, `${name} has a default`);
    if (option.values) assert.ok(option.values.includes(option.default), name);
    if ('min' in option) assert.ok(option.min <= option.default && option.default <= option.max, name);
  }
  assert.equal(protocol.OPTIONS.tileset.default, 'winter');
  assert.deepEqual([...protocol.OPTIONS.tileset.values].sort(), ['classic', 'winter']);
  assert.ok(protocol.OPTIONS.clock.nullable && protocol.OPTIONS.clock.bank.min > 0);
  assert.equal(protocol.OPTIONS.seats.min, protocol.RULES.MIN_PLAYERS);
  // A sixth seat with Inns & Cathedrals only (the room's `max_seats` says when).
  assert.equal(protocol.OPTIONS.seats.max, protocol.RULES.MAX_PLAYERS + 1);
});

test('the rules a client shows', () => {
  assert.deepEqual(protocol.RULES, { FIELD_POINTS_PER_CITY: 3, FOLLOWERS: 7, MIN_PLAYERS: 2, MAX_PLAYERS: 5 });
});
