// The room's websocket: hello, snapshot + diffs kept in order by `seq` (a gap asks for a
// resync), a heartbeat both ways, and reconnection when the line drops: at once when the
// server says it restarts (1012: another process takes the room over), else with a growing
// delay (PROTOCOL.md, "Reconnecting").
import { applyPatch } from './patch.js';

export const PROTOCOL = 2;
const PING_EVERY_MS = 10000;
const SILENT_AFTER_MS = 30000;
const BACKOFF_MS = [1000, 2000, 4000, 8000, 16000, 30000];
const CLOSE_RESTART = 1012;
const CLOSE_RELOAD = 4001;
const CLOSE_NOT_FOUND = 4004;

/**
 * @typedef {'connecting'|'online'|'offline'|'gone'} LinkState
 * @typedef {object} RoomHandlers
 * @property {(state: any, live: boolean, arrived: number, now?: number) => void} onState the
 *   whole public state after a snapshot (`live` false) or a diff (`live` true: a change that
 *   just happened); `arrived`: performance.now() when its frame came in; `now`: the server's
 *   wall time (Unix seconds) a snapshot was sent at (none with a diff)
 * @property {(msg: any) => void} onMessage every other message (welcome, you, seated, chat, error)
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
      raw({ type: 'hello', protocol: PROTOCOL, token: token || null, name: name || null });
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
      if (e.code === CLOSE_RELOAD) return location.reload();
      if (e.code === CLOSE_NOT_FOUND) {
        stopped = true;
        return on.onLink('gone', 'There is no such room.');
      }
      on.onLink('offline');
      if (e.code === CLOSE_RESTART) return open();
      const wait = BACKOFF_MS[Math.min(attempt++, BACKOFF_MS.length - 1)];
      setTimeout(() => stopped || open(), wait);
    };
  }

  function receive(msg, arrived) {
    switch (msg.type) {
      case 'snapshot':
        seq = msg.seq;
        state = msg.state;
        on.onMessage({ type: 'chat-history', chat: msg.chat ?? [] });
        on.onState(state, false, arrived, typeof msg.now === 'number' ? msg.now : undefined);
        break;
      case 'diff':
        if (msg.seq !== seq + 1 || !state) {
          raw({ type: 'sync' });
          break;
        }
        seq = msg.seq;
        state = applyPatch(state, msg.ops);
        on.onState(state, true, arrived);
        break;
      case 'ping':
        raw({ type: 'pong' });
        break;
      case 'pong':
        break;
      default:
        on.onMessage(msg);
    }
  }

  /** @param {object} msg */
  function raw(msg) {
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(msg));
    return true;
  }

  function heartbeat() {
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    if (Date.now() - lastHeard > SILENT_AFTER_MS) ws.close();
    else raw({ type: 'ping' });
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
