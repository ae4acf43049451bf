// What the player's choices do: the tray's (turn the tile, pick a figure, take back, confirm,
// ask for a hint, take it), the seats' and the options' in the lobby, and the host's bots. Each
// changes the state (state.js) or sends a message, then has the page redrawn.
import * as st from '../state.js';
import { useHint } from '../advice.js';
import * as send from '../net/messages.js';
import { labelOfSlot } from '../board/segmap.js';
import { setCoach } from '../ui/coach.js';
import { saveName } from '../net/identity.js';
import { toast } from '../ui/dom.js';
import { t } from '../i18n.js';

/**
 * @param {object} page
 * @param {st.ClientState} page.s
 * @param {Record<string, import('../board/shapes.js').TileDef>} page.catalog
 * @param {(msg: object) => boolean} page.send the socket's (false: the line is down)
 * @param {import('./requests.js').Requests} page.requests
 * @param {() => void} page.tookBack the choice was taken back (the camera goes back, room/framing.js)
 * @param {() => void} page.render
 */
export function createActions({ s, catalog, send: sendMessage, requests, tookBack, render }) {
  /** the host's confirmed end was refused as stale, and is to go again with the next state */
  let endAgain = false;
  /** @type {import('../ui/tray.js').TrayActions} */
  const tray = {
    rotate() {
      st.rotate(s);
      render();
    },
    takeBack() {
      st.takeBack(s);
      tookBack();
      render();
    },
    confirm() {
      const msg = st.placeMessage(s);
      if (!msg || s.turn.sent) return;
      // with the coach, a move is confirmed once the coach has looked at it: a warning stops
      // it (the player sees it and may confirm anyway), none lets it through
      if (!requests.mayConfirm(s)) return render();
      if (!sendMessage({ ...msg, ref: 'place' })) return toast(t('room.notSent'), 'error');
      s.turn.sent = true;
      render();
    },
    chooseSpot(i) {
      st.chooseSpot(s, i);
      render();
    },
    returnAbbot(on) {
      st.setReturnAbbot(s, on);
      render();
    },
    hint() {
      if (requests.hint(s)) render();
    },
    useHint() {
      const def = catalog[s.game.drawn_tile];
      const rot = s.turn.hint.rot;
      // a figure may name any slot of its segment: the spot on the same segment is the hint's
      const sameSpot = (spot, m) => spot.kind === m.kind && labelOfSlot(def, rot, spot.at) === labelOfSlot(def, rot, m.at);
      if (useHint(s, sameSpot)) render();
    },
    setCoach(on) {
      setCoach(on);
      render();
    },
  };
  /** @type {import('../ui/bots.js').BotActions} */
  const bots = {
    handToBot: (seat, level) => sendMessage(send.handToBot(seat, level)),
    takeBack: (seat) => sendMessage(send.takeBack(seat)),
  };
  return {
    tray,
    bots,
    /** The host ends the game now (once they confirm it). */
    endGame() {
      const g = s.game;
      if (g && confirm(t('room.endConfirm'))) sendMessage({ ...send.endGame(g.turn), ref: 'end_game' });
    },
    /**
     * The server refused the end as stale: a move (a bot's) came first. The host confirmed
     * ending the game, not that turn: it is sent again once the state shows the game as it is.
     */
    endRefused() {
      endAgain = true;
    },
    /** A new state is here: the end the host confirmed goes again if it was refused as stale. */
    stateShown() {
      const g = s.game;
      if (!endAgain || !g) return;
      endAgain = false;
      if (!g.finished) sendMessage({ ...send.endGame(g.turn), ref: 'end_game' });
    },
    /** The lobby's seats, options and start. */
    seats: {
      takeSeat(seat, name, color) {
        saveName(name);
        sendMessage(send.takeSeat(seat, name, color));
      },
      leaveSeat: () => sendMessage(send.leaveSeat()),
      removeSeat: (seat) => sendMessage(send.removeSeat(seat)),
      addBot: (seat, level) => sendMessage(send.addBot(seat, level)),
      setOptions: (changes) => sendMessage(send.setOptions(changes)),
      start: () => sendMessage(send.start()),
    },
    /** The host's rematch after a game without farmers: the same seats, farmers on, started. */
    playWithFarmers() {
      sendMessage(send.setOptions({ farmers: true }));
      sendMessage(send.start());
    },
  };
}
