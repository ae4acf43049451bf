// The side panel's tabs (the log, the chat, the tiles left), the count of chat lines not read,
// and where the chat goes: with the lobby while it is open (friends talk while they wait),
// else in its tab.
import { byId } from '../ui/dom.js';

/** @param {(tab: string) => void} selected a tab was chosen (the page draws what it shows) */
export function createSide(selected) {
  let tab = 'log';
  let unread = 0;
  const badge = byId('chat-unread');

  return {
    /** The tab shown: `log`, `chat` or `bag`. */
    tab: () => tab,
    /** Show a tab. @param {string} name */
    select(name) {
      tab = name;
      for (const b of document.querySelectorAll('[data-tab]')) b.setAttribute('aria-selected', String(b.dataset.tab === name));
      for (const p of document.querySelectorAll('.side-tabs [data-pane]')) p.hidden = p.dataset.pane !== name;
      if (name === 'chat') {
        unread = 0;
        badge.hidden = true;
      }
      selected(name);
      // a pane that was hidden could not follow its newest lines; the tiles left read from the
      // top (a River game's River tiles first)
      const pane = name === 'chat' ? byId('chat-list') : byId(name);
      pane.scrollTop = name === 'bag' ? 0 : pane.scrollHeight;
    },
    /** A chat line came: counted while nobody can see the chat. */
    chatLine() {
      if (tab === 'chat' || !byId('lobby').hidden) return;
      unread++;
      badge.hidden = false;
      badge.textContent = String(unread);
    },
    /** Put the chat with the lobby while it is open, else back in its tab. @param {boolean} lobbyOpen */
    placeChat(lobbyOpen) {
      const pane = byId('chat-pane');
      if (lobbyOpen && pane.parentElement !== byId('lobby-chat')) {
        byId('lobby-chat').append(pane);
        pane.hidden = false;
      } else if (!lobbyOpen && pane.parentElement === byId('lobby-chat')) {
        byId('log').after(pane);
        pane.hidden = tab !== 'chat';
      } else {
        // where it was (the server draws a lobby's with it, web/firstview.py): its list where
        // it was too, and no layout forced in the middle of the page's drawing to learn that
        return;
      }
      const list = byId('chat-list');
      list.scrollTop = list.scrollHeight;
    },
  };
}
