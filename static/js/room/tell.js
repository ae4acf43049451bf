// Telling the player it is their move: the title always says it, a chime when it starts; when
// the page is hidden, a notification (if they asked for them), and the title and favicon call
// for attention until they look or move.
import { nextAttention, roomTitle, notify, markFavicon } from '../ui/notify.js';
import { signalTurn } from '../ui/signal.js';
import { leftText, timeLeft } from '../ui/pace.js';
import { t } from '../i18n.js';

/**
 * @param {string} code the room @param {string} title the page's own title
 * @param {() => number} serverNow the server's wall time (room/time.js)
 * @returns {(s: import('../state.js').ClientState, mine: boolean) => void} tell the state
 */
export function createTeller(code, title, serverNow) {
  /** the game and turn this page last told of, '' none yet */
  let told = '';
  /** it became this page's move while the page was hidden, and nobody has looked since */
  let attention = false;
  /** a state has been shown: what comes after it is news */
  let shown = false;
  let wasMine = false;

  /** The notification of a move that became this player's (one per game: its tag is the room). */
  function notifyTurn(g) {
    const last = g.turns.at(-1);
    const mover = last ? g.players[last.player]?.name : null;
    const left = timeLeft(g, serverNow());
    const body = [mover ? t('tell.played', { name: mover }) : t('tell.begun'),
      left?.move != null ? t('tell.yourMoveLeft', { left: leftText(left.move) }) : t('tell.yourMoveNow')].join(' ');
    notify(t('tell.title', { code: code.toUpperCase() }), body, code);
  }

  return (s, mine) => {
    const g = s.game;
    const turnKey = mine ? `${g.id}/${g.turn}` : '';
    // a turn that starts while the page shows, or was there when it opened, is no news
    const started = mine && shown && turnKey !== told;
    if (mine) told = turnKey;
    if (started && document.hidden) notifyTurn(g);
    attention = nextAttention(attention, { mine, hidden: document.hidden, started });
    shown = shown || !!s.room;
    signalTurn(mine, roomTitle(title, { mine, attention }), wasMine);
    markFavicon(attention);
    wasMine = mine;
  };
}
