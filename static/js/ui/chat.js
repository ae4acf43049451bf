// Chat: lines are rendered with textContent only (through h()), never as HTML.
import { h, chip } from './dom.js';
import { LIMITS } from '../net/protocol.js';

const MAX_LINES = 200;

/**
 * @param {HTMLElement} list
 * @param {{name: string, color: string|null, text: string}} line
 */
export function appendChat(list, line) {
  const item = h('li.chat-line', null, line.color ? chip(line.color) : null,
    h('b', null, `${line.name}: `), h('span', null, line.text));
  list.append(item);
  while (list.children.length > MAX_LINES) list.firstElementChild?.remove();
  list.scrollTop = list.scrollHeight;
}

/**
 * @param {HTMLFormElement} form with an input named "text" (as long as the server takes)
 * @param {(text: string) => boolean} send
 */
export function setupChatForm(form, send) {
  const input = /** @type {HTMLInputElement} */ (form.elements.namedItem('text'));
  input.maxLength = LIMITS.CHAT_MAX;
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (text && send(text)) input.value = '';
  });
}
