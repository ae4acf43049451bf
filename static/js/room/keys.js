// The room page's keys: a key press to an action (the help lists them, room.html "Keys").
// Pure: the page says what is open and whose turn it is, and does the action.

const ARROWS = { arrowleft: 'left', arrowright: 'right', arrowup: 'up', arrowdown: 'down' };
/** Keys that do the same whenever the help is closed. */
const PLAIN = { r: 'rotate', enter: 'confirm', f: 'fit', l: 'lastMove', a: 'table', '+': 'zoomIn', '=': 'zoomIn',
  '-': 'zoomOut', m: 'sound', '?': 'help' };

/**
 * @typedef {object} Press a key press, as far as the page's keys care
 * @property {string} key `KeyboardEvent.key`
 * @property {boolean} modified Ctrl, Cmd or Alt was held (the browser's own shortcuts)
 * @property {boolean} typing the focus is in a text field, a select or a text area
 * @property {boolean} onControl the focus is on a button, a link or a tab (Enter and Space are theirs)
 * @typedef {object} Page what the page shows
 * @property {boolean} helpOpen @property {boolean} inspecting @property {boolean} myTurn
 * @typedef {{name: string, arg?: any}} Action `closeHelp`, `closeInspector`, `takeBack`,
 *   `rotate`, `confirm`, `step` (arg: a direction), `fit`, `lastMove`, `table` (the overlay of
 *   what the table knows), `zoomIn`, `zoomOut`,
 *   `sound`, `help`, `spot` (arg: a figure spot's index, -1 for none)
 */

/**
 * What a key press does on the room page (null: nothing; the browser may have it).
 * @param {Press} press @param {Page} page
 * @returns {Action|null}
 */
export function keyAction(press, page) {
  if (press.typing || press.modified) return null;
  const k = press.key.toLowerCase();
  if ((k === 'enter' || k === ' ') && press.onControl) return null;
  if (k === 'escape') {
    if (page.helpOpen) return { name: 'closeHelp' };
    return { name: page.inspecting ? 'closeInspector' : 'takeBack' };
  }
  if (page.helpOpen) return null;
  if (PLAIN[k]) return { name: PLAIN[k] };
  if (ARROWS[k]) return page.myTurn ? { name: 'step', arg: ARROWS[k] } : null;
  // 1 to 9 choose a figure spot, 0 none
  if (/^[0-9]$/.test(k)) return { name: 'spot', arg: Number(k) - 1 };
  return null;
}

/**
 * A keyboard event as a `Press`.
 * @param {KeyboardEvent} e
 * @returns {Press}
 */
export function pressOf(e) {
  const t = e.target;
  return {
    key: e.key,
    modified: e.ctrlKey || e.metaKey || e.altKey,
    typing: t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement,
    onControl: t instanceof HTMLElement && !!t.closest('button, a, summary, [role=tab]'),
  };
}
