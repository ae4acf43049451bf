// The lobby and the results over the board. The lobby shows while the room waits for its
// game; after a finished game the page shows the results, the board, or the lobby (rematch),
// as the player chooses.
import { byId } from '../ui/dom.js';
import { renderLobby } from '../ui/lobby.js';
import { renderResults } from '../ui/results.js';
import { savedName } from '../net/identity.js';
import { adviceLevel } from '../advice.js';
import { createChanged } from './changed.js';

/**
 * @param {{catalog: Record<string, any>, lobby: import('../ui/lobby.js').LobbyActions,
 *   playWithFarmers: () => void, placeChat: (lobbyOpen: boolean) => void, redraw: () => void}} on
 *   the catalog, the lobby's actions, the host's rematch with farmers, where the chat goes, and
 *   the page's redraw
 */
export function createOverlays(on) {
  /** @type {'results'|'board'|'lobby'} what shows after a finished game */
  let after = 'results';
  /** @type {{trace: any[], trace2: any[]}|null} what the results' field lesson map traced, once drawn */
  let lesson = null;
  const changed = createChanged();

  /** @param {'results'|'board'|'lobby'} what */
  function show(what) {
    after = what;
    on.redraw();
  }

  return {
    show,
    /** A new game: once it ends, its results show first. */
    newGame() {
      after = 'results';
      lesson = null;
    },
    /** The field lesson's map as drawn (a test hook), or null. */
    lesson: () => lesson,
    /** Show the lobby or the results if the state calls for them. @param {import('../state.js').ClientState} s */
    draw(s) {
      const g = s.game;
      const room = s.room;
      const lobbyOpen = !!room && room.status === 'lobby' && (!g || !g.finished || after === 'lobby');
      // before the room's state is in, the lobby stays as the server drew it (web/firstview.py)
      if (room && changed('lobby', room, s.you, lobbyOpen, g?.finished)) {
        byId('lobby').hidden = !lobbyOpen;
        if (lobbyOpen) renderLobby(byId('lobby-panel'), s, on.lobby, savedName(), on.catalog);
        on.placeChat(lobbyOpen);
      }
      const resultsOpen = !!g?.finished && after === 'results';
      if (!changed('results', resultsOpen, g?.id, g?.results, s.you.seat, s.you.host, room?.options.hints)) return;
      const el = byId('results');
      el.hidden = !resultsOpen;
      if (!resultsOpen) return;
      renderResults(el, g, {
        rematch: s.you.seat !== null ? () => show('lobby') : null,
        close: () => show('board'),
        playWithFarmers: s.you.host && !g.options.farmers ? on.playWithFarmers : null,
        advice: adviceLevel(s),
        catalog: on.catalog,
        onLesson: (scene) => { lesson = { trace: scene.trace, trace2: scene.trace2 }; },
      });
      el.querySelector('h2')?.focus();
    },
  };
}
