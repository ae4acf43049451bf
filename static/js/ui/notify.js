// Being told it is your move while looking elsewhere: a browser notification (only after the
// player asked for them with the "Notify me" button, never on load), the tab title and a
// marked favicon. The rules of when each shows are pure functions (tested without a
// browser); the rest touches the page.
import { t } from '../i18n.js';

const PREF = 'carc:notify';

/**
 * Whether the page must catch the player's eye: it became their move while the page was
 * hidden, and they have not looked since. Looking (the page visible) or the move being made
 * clears it.
 * @param {boolean} prev the last answer
 * @param {{mine: boolean, hidden: boolean, started: boolean}} now `started`: the move became
 *   this player's just now
 */
export function nextAttention(prev, { mine, hidden, started }) {
  if (!mine || !hidden) return false;
  return started || prev;
}

/**
 * The room page's title: "● Your move — BASE" while it calls for attention, "● Your turn ·
 * BASE" while it is the player's turn, else BASE.
 * @param {string} base @param {{mine: boolean, attention: boolean}} state
 */
export function roomTitle(base, { mine, attention }) {
  if (attention) return `● ${t('notify.title.move', { base })}`;
  return mine ? `● ${t('notify.title.turn', { base })}` : base;
}

/** "Your move in 1 game", "Your move in 3 games"; '' for none. @param {number} n */
export function waitingText(n) {
  return n > 0 ? t('notify.waiting', { count: n }) : '';
}

/** The home page's title: "● Your move in 2 games — BASE" while games wait, else BASE. */
export function homeTitle(base, n) {
  return n > 0 ? `● ${waitingText(n)} — ${base}` : base;
}

/**
 * What the notify button offers, from the browser's permission and the player's choice:
 * `unsupported` (no Notification API), `ask` (never asked: the button asks), `on`, `off`
 * (granted, switched off here), `blocked` (denied: only the browser's settings can change it).
 * @param {string|null} permission `Notification.permission`, or null without the API
 * @param {string|null} pref this browser's choice ('1', '0' or null)
 */
export function notifyState(permission, pref) {
  if (permission === null) return 'unsupported';
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'ask';
  return pref === '0' ? 'off' : 'on';
}

const BUTTON = {
  ask: ['notify.ask', 'notify.ask.title'], on: ['notify.on', 'notify.on.title'], off: ['notify.off', 'notify.off.title'],
  blocked: ['notify.blocked', 'notify.blocked.title'],
};

function permission() {
  return typeof Notification === 'undefined' ? null : Notification.permission;
}

/** The notify state of this browser now. */
export function currentNotifyState() {
  return notifyState(permission(), localStorage.getItem(PREF));
}

/**
 * Make `button` the "Notify me" switch: it asks for permission when pressed (never before),
 * then switches notifications on and off. Hidden where the browser has no notifications. Its
 * words go in its `.notify-label` (visible, or for screen readers only beside a bell).
 * @param {HTMLButtonElement} button
 */
export function setupNotifyButton(button) {
  const label = /** @type {HTMLElement} */ (button.querySelector('.notify-label'));
  const show = () => {
    const state = currentNotifyState();
    button.hidden = state === 'unsupported';
    if (state === 'unsupported') return;
    const [text, title] = BUTTON[state];
    label.textContent = t(text);
    button.title = t(title);
    button.dataset.notify = state;
    button.setAttribute('aria-pressed', String(state === 'on'));
  };
  button.addEventListener('click', async () => {
    const state = currentNotifyState();
    if (state === 'ask') {
      const answer = await Notification.requestPermission();
      if (answer === 'granted') localStorage.setItem(PREF, '1');
    } else if (state === 'on' || state === 'off') {
      localStorage.setItem(PREF, state === 'on' ? '0' : '1');
    }
    show();
  });
  // another tab may have switched it
  window.addEventListener('storage', (e) => e.key === PREF && show());
  show();
}

/**
 * Show a notification, if the player switched them on: one per game (`tag`, the room code:
 * a newer one replaces it), a click brings this tab forward.
 * @param {string} title @param {string} body @param {string} tag
 * @returns {boolean} whether one was shown
 */
export function notify(title, body, tag) {
  if (currentNotifyState() !== 'on') return false;
  const note = new Notification(title, { body, tag });
  note.onclick = () => {
    window.focus();
    note.close();
  };
  return true;
}

/** @type {string|null} the page's own favicon, put back when the mark goes */
let plainIcon = null;
/** @type {string|null} */
let markedIcon = null;

/** A small picture drawn once: a winter tile with a gold dot in its corner. */
function drawMarkedIcon() {
  const canvas = document.createElement('canvas');
  canvas.width = 32;
  canvas.height = 32;
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  ctx.fillStyle = '#102033';
  ctx.beginPath();
  ctx.roundRect(1, 3, 28, 28, 6);
  ctx.fill();
  ctx.strokeStyle = '#8fd0f2';
  ctx.lineWidth = 2.5;
  ctx.lineCap = 'round';
  for (let i = 0; i < 3; i++) {
    const a = (i * Math.PI) / 3;
    ctx.beginPath();
    ctx.moveTo(15 - 9 * Math.cos(a), 17 - 9 * Math.sin(a));
    ctx.lineTo(15 + 9 * Math.cos(a), 17 + 9 * Math.sin(a));
    ctx.stroke();
  }
  ctx.fillStyle = '#f2c14e';
  ctx.strokeStyle = '#102033';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.arc(24, 8, 7, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  return canvas.toDataURL('image/png');
}

/**
 * Mark the favicon (a gold dot: your move) or put the page's own back.
 * @param {boolean} marked
 */
export function markFavicon(marked) {
  let link = /** @type {HTMLLinkElement|null} */ (document.querySelector('link[rel="icon"]'));
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    link.href = 'data:,';
    document.head.append(link);
  }
  plainIcon ??= link.getAttribute('href') ?? 'data:,';
  const href = marked ? (markedIcon ??= drawMarkedIcon()) : plainIcon;
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
  link.dataset.marked = String(marked);
}
