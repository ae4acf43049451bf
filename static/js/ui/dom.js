// A tiny element builder. Strings always become text nodes (never HTML), so names and chat
// lines from other players cannot inject markup.
import { colorStyle } from '../board/colors.js';

/**
 * @param {string} tag e.g. "li" or "button.primary"
 * @param {Record<string, any>|null} [attrs] properties (className, onclick, dataset ...); `style`
 *   an object of CSS properties, set through the CSSOM (the CSP allows no style attribute)
 * @param {...(Node|string|number|null|undefined|false|Node[])} children (lists are spread)
 * @returns {HTMLElement}
 */
export function h(tag, attrs, ...children) {
  const [name, ...classes] = tag.split('.');
  const el = document.createElement(name);
  if (classes.length) el.className = classes.join(' ');
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key === 'style') for (const [name, v] of Object.entries(value)) el.style.setProperty(name, v);
    else if (key === 'class') el.className = [el.className, value].filter(Boolean).join(' ');
    else if (key.startsWith('aria-') || key === 'role' || key === 'for' || key === 'tabindex') el.setAttribute(key, value);
    else el[key] = value;
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** @param {string} id @returns {HTMLElement} */
export function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing`);
  return el;
}

/** Replace all children of `el`. */
export function fill(el, ...children) {
  el.replaceChildren(...children.filter((c) => c !== null && c !== undefined && c !== false));
}

/** A short notice near the top of the screen; several stack instead of covering each other. */
export function toast(text, kind = '') {
  let box = document.getElementById('toasts');
  if (!box) {
    box = h('div.toasts', { id: 'toasts', role: 'status' });
    document.body.append(box);
  }
  const el = h('div.toast', { class: kind }, text);
  box.append(el);
  // two at most: older notices make way rather than cover the board
  while (box.children.length > 2) box.firstElementChild?.remove();
  setTimeout(() => el.remove(), 3500);
}

/** A colour chip for a player colour. @param {string|null|undefined} color */
export function chip(color) {
  return h('span.chip', { style: colorStyle(color), 'aria-hidden': 'true' });
}
