// The turn tray under the board: the drawn tile, rotate, figure choice, take back, confirm.
import { h, fill } from './dom.js';
import { tileImageURL } from '../board/tiles.js';
import { spotText } from './words.js';
import { isMyTurn, pendingLegal, myPlayer, botPlaysMe, canReturnAbbot } from '../state.js';

/**
 * @typedef {object} TrayActions
 * @property {() => void} rotate
 * @property {() => void} takeBack
 * @property {() => void} confirm
 * @property {(i: number) => void} chooseSpot
 * @property {(on: boolean) => void} returnAbbot
 */

/**
 * @param {HTMLElement} el
 * @param {import('../state.js').ClientState} s
 * @param {Record<string, any>} catalog
 * @param {TrayActions} act
 */
export function renderTray(el, s, catalog, act) {
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
  const button = (label, action, extra = {}) => h('button', { type: 'button', onclick: action,
    dataset: { action: label.toLowerCase().replace(/\W+/g, '-').replace(/^-|-$/g, '') }, ...extra }, label);
  const actions = h('div.actions', null,
    button('↻ Rotate', act.rotate, { title: 'Rotate (R, right-click, or tap the tile again)', disabled: t.sent }),
    button('Take back', act.takeBack, { disabled: !t.pending || t.sent, title: 'Take back (Esc)' }),
    button('Confirm', act.confirm, { class: 'primary', disabled: !legal || t.sent, title: 'Confirm (Enter)' }));
  const river = (def?.count?.river ?? 0) > 0;
  fill(el, drawn, h('div.turn-body', null, h('p.hint', null, hint(s, legal, river)), legal ? figureChoices(s, legal, act) : null), actions);
}

function hint(s, legal, river) {
  if (s.turn.sent) return 'Sent…';
  if (!legal && river) return 'Your turn: the river goes on at the marked square. Put the tile there; tap it again to turn it.';
  if (!legal) return 'Your turn: put the tile on a square marked +. Tap it again to turn it.';
  if (!legal.spots.length) return 'No figure can go on this tile. Confirm, or take it back.';
  return 'Put a figure on a circle (or pick one below), or none. Then confirm.';
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
