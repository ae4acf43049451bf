// What the page asks the server, and when: the board's features (once a turn, when something
// wants them), the coach's word on the chosen move (once it settles; a confirm waits for it),
// the whole feature a first-turn figure would claim, a suggested move, and the table's
// analysis (once a turn, while its overlay is on). Each answer is kept
// in the state with the turn and choice it is about (state.js), so an answer to an older
// choice is never shown; here each question is asked once per turn and choice, and again when
// the connection that should have answered is gone.
import * as st from '../state.js';
import * as advice from '../advice.js';
import * as send from '../net/messages.js';

/** The coach is asked about a choice once it has stayed this long (not at every turn of the tile). */
export const SETTLE_MS = 300;

/**
 * @typedef {object} Requests
 * @property {(s: st.ClientState) => void} features ask for the board's features, unless those
 *   held are this turn's or were asked for already this turn
 * @property {(s: st.ClientState) => Promise<any[]>} freshFeatures the board's features as they
 *   are now, asked for when needed (a test hook)
 * @property {(s: st.ClientState) => void} receivedFeatures features came: answer those waiting
 * @property {(s: st.ClientState, coaching: boolean) => void} advise the helpers' questions
 *   about the current choice: the coach's check (after SETTLE_MS), the first-turn trace
 * @property {(s: st.ClientState) => void} analysis ask for the table's analysis, unless the
 *   one held is this turn's or was asked for already this turn
 * @property {(s: st.ClientState) => boolean} hint ask for a suggested move (false: asked
 *   already, or the line is down)
 * @property {(s: st.ClientState) => boolean} mayConfirm true when the chosen move may be sent
 *   now; with the coach, not before the coach has looked at it (then it is asked, and the
 *   confirm waits for the answer)
 * @property {(s: st.ClientState) => boolean} checked the coach answered: true when the confirm
 *   that waited for it may go now (no warning)
 * @property {() => boolean} waiting a confirm waits for the coach
 * @property {(s: st.ClientState, ref: any) => void} failed the server refused the question `ref`
 *   (`hint`, `check`): it may be asked again
 * @property {() => void} forget a new connection: what the old one was asked may be asked again
 */

/**
 * @param {(msg: object) => boolean} sendMessage sends one message (false: the line is down)
 * @param {{setTimeout: (fn: () => void, ms: number) => any, clearTimeout: (t: any) => void}} [timers]
 * @returns {Requests}
 */
export function createRequests(sendMessage, timers = globalThis) {
  /** the game and turn whose features were last asked for */
  let featuresAsked = '';
  /** the game and turn whose table analysis was last asked for */
  let analysisAsked = '';
  /** the turn and choice the coach was last asked about, and the trace last asked for */
  let checkAsked = '';
  let traceAsked = '';
  let checkTimer = null;
  /** @type {string|null} the choice whose confirm waits for the coach's word on it */
  let confirming = null;
  /** @type {((features: any[]) => void)[]} */
  const waiters = [];

  function features(s) {
    const key = `${s.game?.id}/${s.game?.turn}`;
    if (!s.game || st.featuresFresh(s) || featuresAsked === key) return;
    featuresAsked = key;
    sendMessage(send.features());
  }

  function check(s) {
    const key = `${s.game.turn}|${advice.choiceKey(s)}`;
    if (!advice.choiceKey(s) || checkAsked === key) return;
    checkAsked = key;
    sendMessage({ ...advice.checkMessage(s), ref: 'check' });
  }

  return {
    features,
    freshFeatures(s) {
      if (!s.game || st.featuresFresh(s)) return Promise.resolve(s.game?.features ?? []);
      return new Promise((resolve) => {
        waiters.push(resolve);
        features(s);
      });
    },
    receivedFeatures(s) {
      if (st.featuresFresh(s)) waiters.splice(0).forEach((resolve) => resolve(s.game.features));
    },
    advise(s, coaching) {
      timers.clearTimeout(checkTimer);
      if (!st.isMyTurn(s) || s.turn.sent) return;
      if (advice.adviceLevel(s) === 'coach' && advice.choiceKey(s) && advice.checkNow(s) === undefined) {
        checkTimer = timers.setTimeout(() => check(s), SETTLE_MS);
      }
      const key = `${s.game.turn}|${advice.traceKey(s)}`;
      if (coaching && advice.traceKey(s) && !advice.traceNow(s) && traceAsked !== key) {
        traceAsked = key;
        sendMessage({ ...advice.traceMessage(s), ref: 'trace' });
      }
    },
    analysis(s) {
      const key = `${s.game?.id}/${s.game?.turn}`;
      if (st.analysisNow(s) || analysisAsked === key) return;
      analysisAsked = key;
      sendMessage({ ...send.analysis(), ref: 'analysis' });
    },
    hint(s) {
      if (s.turn.hintAsked || !sendMessage({ ...send.hint(s.game.turn), ref: 'hint' })) return false;
      s.turn.hintAsked = true;
      return true;
    },
    mayConfirm(s) {
      if (advice.adviceLevel(s) !== 'coach' || advice.checkNow(s) !== undefined) return true;
      confirming = advice.choiceKey(s);
      check(s);
      return false;
    },
    checked(s) {
      if (!confirming || confirming !== advice.choiceKey(s) || advice.checkNow(s) === undefined) return false;
      confirming = null;
      return advice.checkNow(s) === null;
    },
    waiting: () => confirming !== null,
    failed(s, ref) {
      if (ref === 'hint') s.turn.hintAsked = false;
      if (ref === 'analysis') analysisAsked = '';
      if (ref !== 'check') return;
      confirming = null;
      checkAsked = '';
    },
    forget() {
      confirming = null;
      featuresAsked = '';
      analysisAsked = '';
      checkAsked = '';
      traceAsked = '';
    },
  };
}
