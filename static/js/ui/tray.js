// The turn tray under the board: the drawn tile, rotate, figure choice, take back, confirm;
// with advice at the table, a suggested move on request and the coach's warning; on a first
// turn, the first-turn coach's switch and what it shows.
import { h, fill } from './dom.js';
import { tileImageURL } from '../board/tiles.js';
import { bonusTurnText, spotLabels, figureWords, featureAtSlot } from './words.js';
import { isMyTurn, pendingLegal, myPlayer, botPlaysMe, canReturnAbbot } from '../state.js';
import { checkNow, checkWhyNow, traceNow } from '../advice.js';
import { t } from '../i18n.js';
import { figureImageURL } from '../board/figures.js';
import { adviceWords } from './advicewords.js';

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
  const turn = s.turn;
  const rot = turn.pending ? turn.pending.rot : mine ? turn.rot : 0;
  const def = catalog[g.drawn_tile];
  const img = def ? h('img.drawn-tile', { src: tileImageURL(g.drawn_tile, def, rot, 176), width: 84, height: 84,
    alt: t('tray.drawn', { tile: g.drawn_tile }) }) : null;
  // your own tile turns when tapped, like the board's
  const preview = mine ? h('button.drawn-button', { type: 'button', title: t('tray.rotate.short'), onclick: act.rotate,
    'aria-label': t('tray.drawn.rotate', { tile: g.drawn_tile }) }, img) : img;
  const who = mine ? t('tray.yours') : t('tray.theirs', { name: g.players[g.current_player]?.name ?? '' });
  const drawn = h('div.drawn', { dataset: { tile: g.drawn_tile, rot: String(rot) } }, preview,
    h('span.who', null, who));
  if (!mine) {
    const watching = t(myPlayer(s) < 0 ? 'tray.watching' : 'tray.wait');
    const text = botPlaysMe(s) && g.current_player === myPlayer(s) ? t('tray.botForYou')
      : t('tray.placing', { name: g.players[g.current_player]?.name ?? '', watching });
    fill(el, drawn, h('div.turn-body', null, bonus(g), h('p.hint', null, text)));
    return;
  }
  const legal = pendingLegal(s);
  const warning = view.advice === 'coach' ? checkNow(s) : undefined;
  const button = (label, name, action, extra = {}) => h('button', { type: 'button', onclick: action,
    dataset: { action: name }, ...extra }, label);
  const actions = h('div.actions', null,
    button(`↻ ${t('tray.rotate')}`, 'rotate', act.rotate, { title: t('tray.rotate.title'), disabled: turn.sent }),
    button(t('tray.takeBack'), 'take-back', act.takeBack, { disabled: !turn.pending || turn.sent, title: t('tray.takeBack.title') }),
    h('button', { type: 'button', onclick: act.confirm, class: 'primary', disabled: !legal || turn.sent || view.checking,
      title: t('tray.confirm.title'), dataset: { action: 'confirm' } }, t(warning ? 'tray.confirmAnyway' : 'tray.confirm')));
  fill(el, drawn, h('div.turn-body', null, bonus(g),
    h('p.hint', null, hint(s, legal, (def?.count?.river ?? 0) > 0, view)),
    warning ? h('p.coach-warning', { role: 'status' }, `⚠ ${adviceWords(checkWhyNow(s), warning, g.players)}`) : null,
    legal ? figureChoices(s, legal, act) : null,
    view.advice !== 'off' && !turn.sent ? suggestion(s, catalog, act) : null,
    view.firstTurn ? h('label.check.coach-switch', null,
      h('input', { type: 'checkbox', checked: view.coach, dataset: { action: 'coach' },
        onchange: (e) => act.setCoach(e.target.checked) }), t('tray.coach')) : null), actions);
}

/** "Builder: place another tile" while the turn is a builder's bonus turn, else nothing. */
function bonus(g) {
  if (!g.bonus_turn) return null;
  // the builder itself in the player's colour, so the line is seen before it is read
  const color = g.players[g.current_player]?.color;
  return h('p.bonus-turn', { dataset: { bonusTurn: 'true' } },
    color ? h('img', { src: figureImageURL('builder', color, 48), width: 24, height: 24, alt: '' }) : null, bonusTurnText());
}

/** The suggested move: a button to ask, "Thinking…" while the bot thinks, then the move and why. */
function suggestion(s, catalog, act) {
  const hint = s.turn.hint;
  if (!hint) {
    return h('div.suggestion', null, h('button.small', { type: 'button', onclick: act.hint, disabled: s.turn.hintAsked,
      dataset: { action: 'hint' }, title: t('tray.hint.title') },
    t(s.turn.hintAsked ? 'tray.thinking' : 'tray.hint')));
  }
  const p = s.turn.pending;
  const chosen = !!p && p.x === hint.x && p.y === hint.y && p.rot === hint.rot;
  const figure = hint.return_abbot ? t('tray.hint.abbot')
    : hint.meeple ? t('tray.hint.put', { figure: figureWords(hint.meeple.kind, featureAtSlot(catalog[s.game.drawn_tile], hint.rot, hint.meeple.at)) })
      : t('tray.hint.none');
  return h('div.suggestion', { dataset: { hint: `${hint.x},${hint.y},${hint.rot}` } },
    h('p.suggestion-text', null, h('b', null, `${t('tray.suggested')} `), `${t('tray.suggestion', { figure })} ${adviceWords(hint.why, hint.reason, s.game.players)}`),
    h('button.small', { type: 'button', onclick: act.useHint, disabled: chosen, dataset: { action: 'use-hint' } },
      t(chosen ? 'tray.chosen' : 'tray.useIt')));
}

function hint(s, legal, river, view) {
  if (s.turn.sent) return t('tray.sent');
  if (view.checking) return t('tray.checking');
  if (!legal && river) return t('tray.place.river');
  if (!legal) return t('tray.place');
  const coach = view.coach ? `${s.turn.spot >= 0 && traceNow(s) ? ` ${t('tray.coach.gold')}` : ''} ${t('tray.coach.green')}` : '';
  if (!legal.spots.length) return `${t('tray.noSpots')}${coach}`;
  return `${t('tray.spots')}${coach}`;
}

function figureChoices(s, legal, act) {
  const labels = spotLabels(legal.spots);
  const options = [{ label: t('tray.noFigure'), i: -1 }, ...labels.map((label, i) => ({ label, i }))];
  // each button shows the number of its circle on the board (the key that picks it, too)
  const group = h('div.spots', { role: 'radiogroup', 'aria-label': t('tray.figure') }, ...options.map(({ label, i }) =>
    h('button.spot', { type: 'button', role: 'radio', 'aria-checked': String(s.turn.spot === i && !s.turn.returnAbbot),
      dataset: { spot: String(i) }, onclick: () => act.chooseSpot(i), disabled: s.turn.sent },
    i >= 0 ? h('span.spot-n', null, String(i + 1)) : null, label)));
  if (!canReturnAbbot(s)) return group;
  const box = h('input', { type: 'checkbox', checked: s.turn.returnAbbot, disabled: s.turn.sent,
    onchange: (e) => act.returnAbbot(e.target.checked), dataset: { action: 'return-abbot' } });
  return h('div', null, group, h('label.check', null, box, t('tray.abbotBack')));
}
