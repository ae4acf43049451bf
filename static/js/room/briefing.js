// The briefing before the first turn: shown to each player once per game, from its start (a
// page that first sees the game later, a player coming back, never shows it), until dismissed.
import * as st from '../state.js';
import { adviceLevel } from '../advice.js';
import { coachOn, notePlayed, briefed, noteBriefed, briefingLines, renderBriefing, gameKey } from '../ui/coach.js';

/**
 * @param {HTMLElement} el the briefing's box
 * @param {{setCoach: (on: boolean) => void, dismissed: () => void}} act the player switched the
 *   coach; dismissed the briefing (the page redraws)
 * @returns {(s: st.ClientState) => void} show it as the state says
 */
export function createBriefing(el, act) {
  /** the game whose briefing this page shows ('' none) */
  let showing = '';
  /** the game this page last counted as played in this browser */
  let played = '';
  let drawn = '';

  return (s) => {
    const g = s.game;
    const key = gameKey(s);
    const playing = !!g && !g.finished && st.myPlayer(s) >= 0;
    if (playing && played !== key) {
      played = key;
      notePlayed(key);
    }
    if (playing && g.turn === 0 && showing !== key && !briefed(key)) {
      showing = key;
      noteBriefed(key);
    }
    const shown = playing && showing === key;
    el.hidden = !shown;
    const advice = adviceLevel(s);
    const now = `${key}|${advice}|${coachOn(key)}`;
    if (!shown || now === drawn) return;
    drawn = now;
    renderBriefing(el, briefingLines(g.options, advice, s.room?.options), {
      coach: coachOn(key), setCoach: act.setCoach,
      dismiss: () => {
        showing = '';
        act.dismissed();
      },
    });
  };
}
