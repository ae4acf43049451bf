// The invite menu: the room's link for friends and, for a seated player only, their personal
// link, which takes the seat to another device. The personal link is the seat itself, so it
// comes with a warning and is never shown on screen unless the clipboard refuses it.
import { h, fill, toast } from './dom.js';
import { t } from '../i18n.js';

/**
 * @param {HTMLElement} el the menu (a popover)
 * @param {string} invite the room's link
 * @param {string|null} personal the viewer's personal link; null unless they hold a seat
 */
export function renderInvite(el, invite, personal) {
  const manual = h('div.copy-manual');
  fill(el,
    h('h3', null, t('invite.title')),
    h('p.muted', null, t('invite.text')),
    h('button.primary', { type: 'button', dataset: { action: 'copy-invite' },
      onclick: () => copy(invite, t('invite.copied'), manual) }, t('invite.copy')),
    personal ? h('section.own-link', null,
      h('button', { type: 'button', dataset: { action: 'copy-personal' },
        onclick: () => copy(personal, t('invite.personal.copied'), manual) },
      t('invite.personal')),
      h('p.warning', null, t('invite.personal.warning')))
      : null,
    manual,
    h('button.ghost.small', { type: 'button', onclick: () => el.hidePopover() }, t('close')));
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
    const input = h('input', { readOnly: true, value: text, 'aria-label': t('invite.manual') });
    fill(manual, input);
    input.select();
  }
}
