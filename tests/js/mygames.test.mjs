import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import { heldSeats, orderGames, gameRow, stateText, lastMoveText, newlyWaiting, serverTime, MAX_SEATS } from '../../static/js/ui/mygames.js';

/** A Storage holding `items`. */
function storage(items) {
  const keys = Object.keys(items);
  return { length: keys.length, key: (i) => keys[i] ?? null, getItem: (k) => items[k] ?? null };
}

const NOW = '2026-11-30T12:00:00Z';

/** An entry of POST /api/my-games: Ann (seat 0, this browser) against Bo (seat 1). */
function entry(extra = {}) {
  return {
    room: 'k7m2q9xa', link: '/r/k7m2q9xa', seat: 0, status: 'playing', pace: 'turn',
    your_turn: false, to_move: 1, move_deadline: '2026-12-01T11:12:30Z', game_deadline: '2026-12-06T15:00:00Z',
    turn: 4, tiles_left: 78,
    players: [{ seat: 0, name: 'Ann', color: 'red', score: 4, bot: null, you: true },
      { seat: 1, name: 'Bo', color: 'blue', score: 10, bot: null, you: false }],
    last_move: { seat: 0, name: 'Ann', tile: 'E', x: 2, y: 0, at: '2026-11-30T09:00:00Z' },
    winners: [], updated: '2026-11-30T09:00:00Z',
    ...extra,
  };
}

test('the seats held are the tokens kept per room, and nothing else', () => {
  const held = heldSeats(storage({ 'carc:token:bbbb2222': 'tb', 'carc:name': 'Ann', 'carc:token:aaaa2222': 'ta',
    'carc:muted': '1', 'carc:token:cccc2222': '' }));
  assert.deepEqual(held, [{ room: 'aaaa2222', token: 'ta' }, { room: 'bbbb2222', token: 'tb' }]);
  const many = Object.fromEntries(Array.from({ length: 130 }, (_, i) => [`carc:token:r${i}`, `t${i}`]));
  assert.equal(heldSeats(storage(many)).length, MAX_SEATS, 'no more than the server reads');
});

test('games waiting for you come first; the rest keep the order the server gave', () => {
  const games = [entry({ room: 'a' }), entry({ room: 'b', your_turn: true }), entry({ room: 'c', status: 'lobby' }),
    entry({ room: 'd', your_turn: true })];
  assert.deepEqual(orderGames(games).map((g) => g.room), ['b', 'd', 'a', 'c']);
});

test('where each game stands, in words', () => {
  assert.equal(stateText(entry()), 'Bo to move');
  assert.equal(stateText(entry({ your_turn: true, to_move: 0 })), 'Your move');
  assert.equal(stateText(entry({ players: entry().players.map((p) => (p.seat === 1 ? { ...p, bot: 'easy' } : p)) })), 'Bo (bot) to move');
  assert.match(stateText(entry({ to_move: 0, players: entry().players.map((p) => (p.you ? { ...p, bot: 'easy' } : p)) })),
    /^A bot plays for you/);
  assert.equal(stateText(entry({ status: 'lobby', to_move: null })), 'In the lobby: waiting to start');
  assert.equal(stateText(entry({ status: 'finished', winners: [1] })), 'Finished: Bo won');
  assert.equal(stateText(entry({ status: 'finished', winners: [0] })), 'Finished: you won');
  assert.equal(stateText(entry({ status: 'finished', winners: [0, 1] })), 'Finished: you and Bo share the win');
});

test('the last move in words, from the server time', () => {
  assert.equal(lastMoveText(entry(), NOW), 'You placed a tile 2 east of the start tile · 3 hr ago');
  const bo = { seat: 1, name: 'Bo', tile: 'V', x: 0, y: -1, at: '2026-11-30T11:59:30Z' };
  assert.equal(lastMoveText(entry({ last_move: bo }), NOW), 'Bo placed a tile north of the start tile · just now');
  assert.equal(lastMoveText(entry({ last_move: null }), NOW), '');
});

test('a row: time left, scores, whose move; a live game and a finished one', () => {
  const row = gameRow(entry({ your_turn: true, to_move: 0 }), NOW);
  assert.equal(row.state, 'Your move');
  assert.equal(row.left, '23 h 12 min left');
  assert.equal(row.facts, 'Turn-based · turn 5 · 78 tiles left · the game ends in 6 days 3 h');
  assert.deepEqual(row.players.map((p) => [p.name, p.score, p.toMove]), [['Ann', 4, true], ['Bo', 10, false]]);
  const live = gameRow(entry({ pace: 'live', move_deadline: null, game_deadline: null }), NOW);
  assert.equal(live.left, '');
  assert.equal(live.facts, 'Live · turn 5 · 78 tiles left');
  const done = gameRow(entry({ status: 'finished', to_move: null, move_deadline: null, turn: 71, winners: [1] }), NOW);
  assert.equal(done.facts, 'Turn-based · 71 turns');
  assert.equal(done.left, '');
  assert.ok(done.players.every((p) => !p.toMove));
});

test('the time counts on between two answers', () => {
  assert.equal(serverTime(NOW, 90), '2026-11-30T12:01:30.000Z');
  assert.equal(gameRow(entry(), serverTime(NOW, 13 * 60)).left, '22 h 59 min left');
});

test('a game that starts waiting for you is news once; the first answer is not', () => {
  const data = { games: [entry({ room: 'a', your_turn: true }), entry({ room: 'b' })] };
  assert.deepEqual(newlyWaiting(null, data), []);
  assert.deepEqual(newlyWaiting(new Set(), data).map((g) => g.room), ['a']);
  assert.deepEqual(newlyWaiting(new Set(['a']), data), []);
});

test('too many requests: wait a minute, then two, four ... ten at most; any other answer ends it', async () => {
  const { nextBackoff, refreshDelay } = await import('../../static/js/ui/mygames.js');
  const waits = [];
  let backoff = 0;
  for (let i = 0; i < 6; i++) waits.push(backoff = nextBackoff(backoff, 429));
  assert.deepEqual(waits, [60000, 120000, 240000, 480000, 600000, 600000]);
  assert.equal(nextBackoff(backoff, 200), 0);
  assert.equal(refreshDelay(0, false), 30000);
  assert.equal(refreshDelay(0, true), 60000);
  assert.equal(refreshDelay(240000, false), 240000, 'the server asked to wait: no sooner in view either');
});

test("a row says each player's goods tokens with Traders & Builders, nothing without or with none", () => {
  const players = [{ seat: 0, name: 'Ann', color: 'red', score: 4, bot: null, you: true, goods: { wine: 2, grain: 0, cloth: 1 } },
    { seat: 1, name: 'Bo', color: 'blue', score: 10, bot: null, you: false, goods: { wine: 0, grain: 0, cloth: 0 } }];
  const row = gameRow(entry({ players }), NOW);
  assert.deepEqual(row.players.map((p) => p.goods), ['2 wine and 1 cloth', '']);
  assert.deepEqual(gameRow(entry(), NOW).players.map((p) => p.goods), ['', ''], 'no goods in the game: none said');
});
