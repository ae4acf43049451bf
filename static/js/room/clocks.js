// The time the room page shows: the banks of the turn clock (under the players), and a
// turn-based game's time left for the move and for the whole game (`#pace-note` under the
// players, `#move-left` in the banner). Each is redrawn every second while it runs down.
import * as st from '../state.js';
import { showClocks } from '../ui/clock.js';
import { deadlineWords, botSeatLines } from '../ui/pace.js';
import { h, fill } from '../ui/dom.js';
import { createTicker } from './time.js';

/**
 * @param {{players: HTMLElement, note: HTMLElement}} el the players panel and the pace note
 * @param {st.ClientState} s the page's state
 * @param {() => number} serverNow the server's wall time (room/time.js)
 */
export function createClocks(el, s, serverNow) {
  function banks() {
    const clock = s.game?.clock;
    if (clock) showClocks(el.players, clock, serverNow());
    keepBanks(!!clock && !s.game.finished && clock.running !== null);
  }

  function deadline() {
    const g = s.game;
    const words = deadlineWords(g, s.room?.options, serverNow(), st.myPlayer(s));
    el.note.hidden = !words;
    if (words) {
      const lines = [words.move, words.game, words.timeout, ...botSeatLines(s.room?.seats ?? [], s.you.seat)].filter(Boolean);
      const text = lines.join('\n');
      if (el.note.dataset.text !== text) {
        el.note.dataset.text = text;
        fill(el.note, ...lines.map((line) => h('p', null, line)));
      }
      const short = document.getElementById('move-left');
      if (short && short.textContent !== words.short) short.textContent = words.short;
    }
    keepDeadline(!!words && g.deadline.move !== null);
  }

  const keepBanks = createTicker(banks);
  const keepDeadline = createTicker(deadline);
  return {
    /** Show the turn clock's banks as the state says them now. */
    banks,
    /** Show a turn-based game's time left, and who a bot plays for. */
    deadline,
  };
}
