// The ARIA live region (`#announcer`): whose turn it is, the tile drawn, each score, the end.
// A sentence is said once, however often the page is redrawn. What one redraw says (a move's
// scores, then whose turn it is now) goes out as one text: a live region changed twice in one
// task is read once, with its last text only, and the scores would never be heard. Whose turn
// it is leads: it is what the player needs first.

/**
 * @param {HTMLElement} el the live region
 * @param {(flush: () => void) => void} [later] runs `flush` once the current task is done
 * @returns {(text: string, lead?: boolean) => void} say `text` (nothing when empty or just
 *   said), before the task's other sentences when `lead`
 */
export function createAnnouncer(el, later = queueMicrotask) {
  let said = '';
  /** @type {string[]} the sentences of this task, not yet in the region */
  let pending = [];
  const flush = () => {
    el.textContent = pending.join(' ');
    pending = [];
  };
  return (text, lead = false) => {
    if (!text || text === said) return;
    said = text;
    if (pending.length === 0) later(flush);
    const sentence = /[.!?]$/.test(text) ? text : `${text}.`;
    if (lead) pending.unshift(sentence);
    else pending.push(sentence);
  };
}
