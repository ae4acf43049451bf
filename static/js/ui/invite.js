// The invite menu: the room's link for friends and, for a seated player only, their personal
// link, which takes the seat to another device. The personal link is the seat itself, so it
// comes with a warning and is never shown on screen unless the clipboard refuses it.
import { h, fill, toast } from './dom.js';

/**
 * @param {HTMLElement} el the menu (a popover)
 * @param {string} invite the room's link
 * @param {string|null} personal the viewer's personal link; null unless they hold a seat
 */
export function renderInvite(el, invite, personal) {
  const manual = h('div.copy-manual');
  fill(el,
    h('h3', null, 'Invite friends'),
    h('p.muted', null, 'Whoever opens this link can take a free seat or watch.'),
    h('button.primary', { type: 'button', dataset: { action: 'copy-invite' },
      onclick: () => copy(invite, 'Invite link copied.', manual) }, 'Copy invite link'),
    personal ? h('section.own-link', null,
      h('button', { type: 'button', dataset: { action: 'copy-personal' },
        onclick: () => copy(personal, 'Your personal link is copied: open it on your other device.', manual) },
      'Play on another device'),
      h('p.warning', null, 'This copies your personal link. It is your seat: whoever opens it plays as you, so do not share it.'))
      : null,
    manual,
    h('button.ghost.small', { type: 'button', onclick: () => el.hidePopover() }, 'Close'));
}

/**
 * Put `text` on the clipboard. Where there is none (a page served over plain http), show it
 * selected in `manual`, to be copied by hand.
 * @param {string} text @param {string} done @param {HTMLElement} manual
 */
async function copy(text, done, manual) {
  try {
    await navigator.clipboard.writeText(text);
    fill(manual);
    toast(done);
  } catch {
    const input = h('input', { readOnly: true, value: text, 'aria-label': 'The link, to copy' });
    fill(manual, input);
    input.select();
  }
}
