import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';

// The browser's globals the socket uses, just enough of them: sockets are recorded, timers
// are run by hand.
const sockets = [];
const timers = [];
class FakeSocket {
  static OPEN = 1;
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    sockets.push(this);
  }
  send(text) { this.sent.push(JSON.parse(text)); }
  close() {}
  /** The server accepts the connection. */
  accept() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  /** The server closes it with `code`. */
  drop(code) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}
globalThis.WebSocket = FakeSocket;
globalThis.location = { protocol: 'http:', host: 'example.test', reload() {} };
const intervals = [];
globalThis.window = { setInterval: (fn, ms) => intervals.push({ fn, ms }), addEventListener() {} };
globalThis.document = { addEventListener() {}, hidden: false };
globalThis.setTimeout = (fn, ms) => timers.push({ fn, ms });

const { connectRoom } = await import('../../static/js/net/socket.js');
const { HEARTBEAT, LIMITS } = await import('../../static/js/net/protocol.js');

function connect() {
  sockets.length = 0;
  timers.length = 0;
  const links = [];
  const link = connectRoom('abcd2345', () => ({ token: 'tok', name: 'Ann' }),
    { onState() {}, messages: {}, onLink: (state) => links.push(state) });
  sockets[0].accept();
  return { link, links };
}

test('a server that restarts (1012) is reconnected to at once, without waiting', () => {
  const { link } = connect();
  sockets[0].drop(1012);
  assert.equal(sockets.length, 2, 'a new socket is opened right away');
  assert.equal(timers.length, 0, 'no delay was scheduled');
  sockets[1].accept();
  assert.deepEqual(sockets[1].sent[0], { type: 'hello', protocol: 2, token: 'tok', name: 'Ann' });
  link.stop();
});

test('other drops wait 1 s, then 2 s, 4 s ... up to 30 s (PROTOCOL.md)', () => {
  const { link } = connect();
  const waits = [];
  for (let i = 0; i < 8; i++) {
    sockets[sockets.length - 1].drop(1006);
    assert.equal(timers.length, 1);
    const { fn, ms } = timers.pop();
    waits.push(ms);
    fn();
  }
  assert.deepEqual(waits, [1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  sockets[sockets.length - 1].accept();
  sockets[sockets.length - 1].drop(1006);
  assert.equal(timers.pop().ms, 1000, 'a line that came back starts again from 1 s');
  link.stop();
});

test('a room that does not exist is not retried', () => {
  const { links } = connect();
  sockets[0].drop(4004);
  assert.equal(sockets.length, 1);
  assert.equal(timers.length, 0);
  assert.equal(links.at(-1), 'gone');
});

test("a snapshot passes on the server's time, to count deadlines down by; a diff does not", () => {
  sockets.length = 0;
  const calls = [];
  const link = connectRoom('abcd2345', () => ({}), {
    onState: (state, live, arrived, now) => calls.push({ live, now }), messages: {}, onLink() {},
  });
  sockets[0].accept();
  const state = { room: { code: 'abcd2345' }, game: null };
  sockets[0].onmessage({ data: JSON.stringify({ type: 'snapshot', seq: 3, state, chat: [], now: 1796100000.5 }) });
  sockets[0].onmessage({ data: JSON.stringify({ type: 'diff', seq: 4, ops: [{ op: 'replace', path: '/game', value: { turn: 0 } }] }) });
  assert.deepEqual(calls, [{ live: false, now: 1796100000.5 }, { live: true, now: undefined }]);
  link.stop();
});

test("the heartbeat keeps the protocol's time, and a silent line is closed after its timeout", () => {
  const realNow = Date.now;
  let now = 1000;
  Date.now = () => now;
  try {
    intervals.length = 0;
    const { link } = connect();
    const [{ fn, ms }] = intervals;
    assert.equal(ms, HEARTBEAT.PING_SECONDS * 1000);
    let closed = false;
    sockets[0].close = () => { closed = true; };
    now += HEARTBEAT.TIMEOUT_SECONDS * 1000;
    fn();
    assert.deepEqual(sockets[0].sent.at(-1), { type: 'ping' }, 'at the timeout: a ping');
    now += 1;
    fn();
    assert.ok(closed, 'past it: the line is dropped, to be reconnected');
    link.stop();
  } finally {
    Date.now = realNow;
  }
});

test('a frame above the server\'s limit is not sent (the server would close the line)', () => {
  const { link } = connect();
  assert.equal(link.send({ type: 'chat', text: 'x'.repeat(LIMITS.FRAME_BYTES) }), false);
  assert.equal(link.send({ type: 'chat', text: 'hello' }), true);
  assert.deepEqual(sockets[0].sent.at(-1), { type: 'chat', text: 'hello' });
  link.stop();
});

test('the snapshot itself follows its state, for the chat it carries', () => {
  sockets.length = 0;
  const seen = [];
  const link = connectRoom('abcd2345', () => ({}), {
    onState: () => seen.push('state'), messages: { snapshot: (msg) => seen.push(msg.type) }, onLink() {},
  });
  sockets[0].accept();
  sockets[0].onmessage({ data: JSON.stringify({ type: 'snapshot', seq: 0, state: { room: null, game: null }, chat: [] }) });
  assert.deepEqual(seen, ['state', 'snapshot']);
  link.stop();
});

test('every message type the page handles is one the server sends', () => {
  assert.throws(() => connectRoom('abcd2345', () => ({}), { onState() {}, messages: { shout() {} }, onLink() {} }),
    /the server sends no message shout/);
});
