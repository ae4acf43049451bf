// The room's websocket: hello, snapshot + diffs kept in order by `seq` (a gap asks for a
// resync), a heartbeat both ways, and reconnection when the line drops: at once when the
// server says it restarts (another process takes the room over), else with a growing delay
// (PROTOCOL.md, "Reconnecting"). Codes, limits and intervals are the protocol's (protocol.js).
import { applyPatch } from './patch.js';
import { CLOSE, HEARTBEAT, LIMITS, SERVER_TYPES } from './protocol.js';
import * as send from './messages.js';

const PING_EVERY_MS = HEARTBEAT.PING_SECONDS * 1000;
// the server pings as often: this long without a word from it, the line is dead
const SILENT_AFTER_MS = HEARTBEAT.TIMEOUT_SECONDS * 1000;
const BACKOFF_MS = [1000, 2000, 4000, 8000, 16000, 30000];

/**
 * @typedef {'connecting'|'online'|'offline'|'gone'} LinkState
 * @typedef {object} RoomHandlers
 * @property {(state: any, live: boolean, arrived: number, now?: number) => void} onState the
 *   whole public state after a snapshot (`live` false) or a diff (`live` true: a change that
 *   just happened); `arrived`: performance.now() when its frame came in; `now`: the server's
 *   wall time (Unix seconds) a snapshot was sent at (none with a diff)
 * @property {Record<string, (msg: any) => void>} messages what to do with each other message
 *   type (welcome, you, seated, chat, error ...), and with the snapshot itself once its state
 *   is shown (it carries the chat so far); a type the server does not send is refused
 * @property {(link: LinkState, detail?: string) => void} onLink
 */

/**
 * @param {string} code
 * @param {() => {token?: string|null, name?: string|null}} credentials read at each (re)connect
 * @param {RoomHandlers} on
 */
export function connectRoom(code, credentials, on) {
  /** @type {WebSocket|null} */
  let ws = null;
  let seq = -1;
  let state = null;
  let attempt = 0;
  let lastHeard = 0;
  let timer = 0;
  let stopped = false;

  function open() {
    on.onLink('connecting');
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(code)}`);
    ws.onopen = () => {
      attempt = 0;
      lastHeard = Date.now();
      const { token, name } = credentials();
      raw(send.hello(token, name));
      on.onLink('online');
    };
    ws.onmessage = (e) => {
      const arrived = performance.now();
      lastHeard = Date.now();
      receive(JSON.parse(e.data), arrived);
    };
    ws.onclose = (e) => {
      ws = null;
      if (stopped) return;
      if (e.code === CLOSE.RELOAD) return location.reload();
      if (e.code === CLOSE.NOT_FOUND) {
        stopped = true;
        return on.onLink('gone');
      }
      on.onLink('offline');
      if (e.code === CLOSE.RESTART) return open();
      const wait = BACKOFF_MS[Math.min(attempt++, BACKOFF_MS.length - 1)];
      setTimeout(() => stopped || open(), wait);
    };
  }

  /** What the socket does itself with a message; then the page's handler, if it has one. */
  const own = {
    snapshot(msg, arrived) {
      seq = msg.seq;
      state = msg.state;
      on.onState(state, false, arrived, typeof msg.now === 'number' ? msg.now : undefined);
    },
    diff(msg, arrived) {
      if (msg.seq !== seq + 1 || !state) return raw(send.sync());
      seq = msg.seq;
      state = applyPatch(state, msg.ops);
      on.onState(state, true, arrived);
    },
    ping: () => raw(send.pong()),
  };
  const unknown = [...Object.keys(own), ...Object.keys(on.messages)].filter((type) => !SERVER_TYPES.includes(type));
  if (unknown.length) throw new Error(`the server sends no message ${unknown.join(', ')}`);

  function receive(msg, arrived) {
    if (Object.hasOwn(own, msg.type)) own[msg.type](msg, arrived);
    if (Object.hasOwn(on.messages, msg.type)) on.messages[msg.type](msg);
  }

  /** @param {object} msg one of net/messages.js */
  function raw(msg) {
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    const text = JSON.stringify(msg);
    // the server closes a connection that sends a frame above its limit: never send one
    if (new TextEncoder().encode(text).length > LIMITS.FRAME_BYTES) return false;
    ws.send(text);
    return true;
  }

  function heartbeat() {
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    if (Date.now() - lastHeard > SILENT_AFTER_MS) ws.close();
    else raw(send.ping());
  }

  open();
  timer = window.setInterval(heartbeat, PING_EVERY_MS);
  // A laptop waking up or a phone coming back to the tab: check the line at once.
  window.addEventListener('online', heartbeat);
  document.addEventListener('visibilitychange', () => document.hidden || heartbeat());

  return {
    /** Send one message; false when the line is down (nothing is queued). */
    send: raw,
    /** Drop the line now and reconnect (used after taking a seat token from elsewhere). */
    reconnect: () => ws?.close(),
    stop() {
      stopped = true;
      clearInterval(timer);
      ws?.close();
    },
  };
}
