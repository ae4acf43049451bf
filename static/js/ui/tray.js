// The turn tray under the board: the drawn tile, rotate, figure choice, take back, confirm;
// with advice at the table, a suggested move on request and the coach's warning; on a first
// turn, the first-turn coach's switch and what it shows.
import { h, fill } from './dom.js';
import { tileImageURL } from '../board/tiles.js';
import { spotText, figureWords, featureAtSlot } from './words.js';
import { isMyTurn, pendingLegal, myPlayer, botPlaysMe, canReturnAbbot, checkNow, traceNow } from '../state.js';

/**
 * @typedef {object} TrayActions
 * @property {() => void} rotate
 * @property {() => void} takeBack
 * @property {() => void} confirm
 * @property {(i: number) => void} chooseSpot
 * @property {(on: boolean) => void} returnAbbot
 * @property {() => void} hint ask for a suggested move
 * @property {() => void} useHint take the suggested move as the choice
 * @property {(on: boolean) => void} setCoach
 */

/**
 * @typedef {object} TrayView what the tray shows besides the state
 * @property {string} advice the table's advice level (`options.hints`)
 * @property {boolean} firstTurn the viewer's first turn of the game (the coach's switch shows)
 * @property {boolean} coach the first-turn coach is on and this is the first turn
 * @property {boolean} checking a confirm waits for the coach's word on the move
 */

/**
 * @param {HTMLElement} el
 * @param {import('../state.js').ClientState} s
 * @param {Record<string, any>} catalog
 * @param {TrayActions} act
 * @param {TrayView} view
 */
export function renderTray(el, s, catalog, act, view) {
  const g = s.game;
  el.hidden = !g || g.finished || !g.drawn_tile;
  if (el.hidden) return;
  const mine = isMyTurn(s);
  const t = s.turn;
  const rot = t.pending ? t.pending.rot : mine ? t.rot : 0;
  const def = catalog[g.drawn_tile];
  const img = def ? h('img.drawn-tile', { src: tileImageURL(g.drawn_tile, def, rot, 176), width: 84, height: 84,
    alt: `Drawn tile ${g.drawn_tile}` }) : null;
  // your own tile turns when tapped, like the board's
  const preview = mine ? h('button.drawn-button', { type: 'button', title: 'Rotate (R)', onclick: act.rotate,
    'aria-label': `Drawn tile ${g.drawn_tile}: rotate` }, img) : img;
  const who = mine ? 'Your tile' : `${g.players[g.current_player]?.name ?? ''}'s tile`;
  const drawn = h('div.drawn', { dataset: { tile: g.drawn_tile, rot: String(rot) } }, preview,
    h('span.who', null, who));
  if (!mine) {
    const watching = myPlayer(s) < 0 ? 'You are watching.' : 'Wait for your turn.';
    const text = botPlaysMe(s) && g.current_player === myPlayer(s) ? 'A bot is placing this tile for you.'
      : `${g.players[g.current_player]?.name} is placing this tile. ${watching}`;
    fill(el, drawn, h('div.turn-body', null, h('p.hint', null, text)));
    return;
  }
  const legal = pendingLegal(s);
  const warning = view.advice === 'coach' ? checkNow(s) : undefined;
  const button = (label, action, extra = {}) => h('button', { type: 'button', onclick: action,
    dataset: { action: label.toLowerCase().replace(/\W+/g, '-').replace(/^-|-$/g, '') }, ...extra }, label);
  const actions = h('div.actions', null,
    button('↻ Rotate', act.rotate, { title: 'Rotate (R, right-click, or tap the tile again)', disabled: t.sent }),
    button('Take back', act.takeBack, { disabled: !t.pending || t.sent, title: 'Take back (Esc)' }),
    h('button', { type: 'button', onclick: act.confirm, class: 'primary', disabled: !legal || t.sent || view.checking,
      title: 'Confirm (Enter)', dataset: { action: 'confirm' } }, warning ? 'Confirm anyway' : 'Confirm'));
  fill(el, drawn, h('div.turn-body', null,
    h('p.hint', null, hint(s, legal, (def?.count?.river ?? 0) > 0, view)),
    warning ? h('p.coach-warning', { role: 'status' }, `⚠ ${warning}`) : null,
    legal ? figureChoices(s, legal, act) : null,
    view.advice !== 'off' && !t.sent ? suggestion(s, catalog, act) : null,
    view.firstTurn ? h('label.check.coach-switch', null,
      h('input', { type: 'checkbox', checked: view.coach, dataset: { action: 'coach' },
        onchange: (e) => act.setCoach(e.target.checked) }), 'First-turn coach') : null), actions);
}

/** The suggested move: a button to ask, "Thinking…" while the bot thinks, then the move and why. */
function suggestion(s, catalog, act) {
  const hint = s.turn.hint;
  if (!hint) {
    return h('div.suggestion', null, h('button.small', { type: 'button', onclick: act.hint, disabled: s.turn.hintAsked,
      dataset: { action: 'hint' }, title: 'A good move from the strong bot, from what everyone can see' },
    s.turn.hintAsked ? 'Thinking…' : 'Suggest a move'));
  }
  const p = s.turn.pending;
  const chosen = !!p && p.x === hint.x && p.y === hint.y && p.rot === hint.rot;
  const figure = hint.return_abbot ? 'take your abbot back'
    : hint.meeple ? `put ${figureWords(hint.meeple.kind, featureAtSlot(catalog[s.game.drawn_tile], hint.rot, hint.meeple.at))}`
      : 'no figure';
  return h('div.suggestion', { dataset: { hint: `${hint.x},${hint.y},${hint.rot}` } },
    h('p.suggestion-text', null, h('b', null, 'Suggested: '), `the square outlined in gold, ${figure}. ${hint.reason}`),
    h('button.small', { type: 'button', onclick: act.useHint, disabled: chosen, dataset: { action: 'use-hint' } },
      chosen ? 'Chosen' : 'Use it'));
}

function hint(s, legal, river, view) {
  if (s.turn.sent) return 'Sent…';
  if (view.checking) return 'Asking the coach…';
  if (!legal && river) return 'Your turn: the river goes on at the marked square. Put the tile there; tap it again to turn it.';
  if (!legal) return 'Your turn: put the tile on a square marked +. Tap it again to turn it.';
  const coach = view.coach ? `${s.turn.spot >= 0 && traceNow(s) ? ' The gold shows the whole feature your figure would claim.' : ''} The green edges match their neighbours.` : '';
  if (!legal.spots.length) return `No figure can go on this tile. Confirm, or take it back.${coach}`;
  return `Put a figure on a circle (or pick one below), or none. Then confirm.${coach}`;
}

function figureChoices(s, legal, act) {
  const same = (spot) => legal.spots.filter((o) => spotText(o) === spotText(spot)).length > 1;
  const options = [{ label: 'No figure', i: -1 },
    ...legal.spots.map((spot, i) => ({ label: spotText(spot, same(spot)), i }))];
  const group = h('div.spots', { role: 'radiogroup', 'aria-label': 'Figure' }, ...options.map(({ label, i }) =>
    h('button.spot', { type: 'button', role: 'radio', 'aria-checked': String(s.turn.spot === i && !s.turn.returnAbbot),
      dataset: { spot: String(i) }, onclick: () => act.chooseSpot(i), disabled: s.turn.sent }, label)));
  if (!canReturnAbbot(s)) return group;
  const box = h('input', { type: 'checkbox', checked: s.turn.returnAbbot, disabled: s.turn.sent,
    onchange: (e) => act.returnAbbot(e.target.checked), dataset: { action: 'return-abbot' } });
  return h('div', null, group, h('label.check', null, box, 'Take my abbot back (scores now)'));
}
