// The page around the board: the connection's state, the sound switch, the rules and keys,
// the invite menu, and the notice that the room is gone.
import { byId, toast } from '../ui/dom.js';
import { isMuted, setMuted } from '../ui/signal.js';
import { renderRules } from '../ui/rules.js';
import { renderInvite } from '../ui/invite.js';
import { personalLink } from '../net/identity.js';
import { t } from '../i18n.js';

const LINK_WORDS = { connecting: 'link.connecting', online: 'link.online', offline: 'link.offline', gone: 'link.gone' };

/**
 * @param {string} code the room
 * @param {Record<string, import('../board/shapes.js').TileDef>} catalog (the rules' pictures)
 */
export function createChrome(code, catalog) {
  const roomLink = `${location.origin}/r/${code}`;
  /** @type {string|null|undefined} the personal link the invite menu offers (undefined: not drawn yet) */
  let personal;

  function showSound() {
    byId('sound').classList.toggle('muted', isMuted());
    byId('sound').setAttribute('aria-pressed', String(!isMuted()));
  }

  /** The room is gone (expired, or never was): say so and offer what to do next. */
  function showGone() {
    for (const id of ['lobby', 'results', 'help']) byId(id).hidden = true;
    byId('gone').hidden = false;
    document.title = t('gone.pageTitle');
    byId('gone').querySelector('a')?.focus();
  }

  const chrome = {
    /** The connection's state in the top bar. @param {string} state @param {string} [detail] */
    showLink(state, detail) {
      const el = byId('link-state');
      el.dataset.link = state;
      el.textContent = LINK_WORDS[state] ? t(LINK_WORDS[state]) : detail ?? t('link.gone');
      if (state === 'gone') showGone();
    },
    toggleSound() {
      setMuted(!isMuted());
      showSound();
    },
    openHelp() {
      byId('help').hidden = false;
      // drawn once it is on screen: the example pictures take their size from the layout
      const rules = byId('rules');
      if (!rules.childElementCount) renderRules(rules, catalog);
      byId('help').querySelector('button')?.focus();
    },
    closeHelp() {
      byId('help').hidden = true;
    },
    helpOpen: () => !byId('help').hidden,
    copyLink() {
      navigator.clipboard?.writeText(roomLink).then(() => toast(t('invite.copied')), () => toast(roomLink));
    },
    /** Redraw the invite menu only when the viewer's personal link changes (it may be open). @param {boolean} seated */
    showInvite(seated) {
      const link = seated ? personalLink(code) : null;
      if (link === personal) return;
      personal = link;
      renderInvite(byId('invite-menu'), roomLink, link);
    },
  };
  byId('sound').addEventListener('click', chrome.toggleSound);
  byId('help-btn').addEventListener('click', chrome.openHelp);
  byId('help').addEventListener('click', (e) => {
    if (e.target === byId('help') || e.target.closest('[data-close]')) chrome.closeHelp();
  });
  showSound();
  byId('room-code').textContent = code.toUpperCase();
  return chrome;
}
