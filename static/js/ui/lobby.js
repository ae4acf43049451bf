// The lobby: seats, names, colours, the options and the start button.
import { h, fill, chip } from './dom.js';
import { botTag } from './bots.js';
import { CLOCK_PRESETS, clockKey, clockName } from './clock.js';
import { optionsText, adviceText, ADVICE } from './words.js';
import { MOVE_HOURS, GAME_DAYS, ON_TIMEOUT, paceChange, paceText, paceExplanation } from './pace.js';

export const COLORS = ['red', 'blue', 'green', 'yellow', 'black'];

/**
 * @typedef {object} LobbyActions
 * @property {(seat: number, name: string, color: string) => void} takeSeat
 * @property {() => void} leaveSeat
 * @property {(seat: number) => void} removeSeat
 * @property {(seat: number, level: 'easy'|'strong') => void} addBot
 * @property {(patch: object) => void} setOptions
 * @property {() => void} start
 * @property {() => void} learn
 * @property {() => void} copyLink
 * @property {() => void} invite opens the invite menu (with the personal link)
 * @property {() => void} showResults
 */

/**
 * @param {HTMLElement} el
 * @param {import('../state.js').ClientState} s
 * @param {LobbyActions} act
 * @param {string} savedName
 */
export function renderLobby(el, s, act, savedName) {
  const room = s.room;
  if (!room) return fill(el);
  const host = s.you.host;
  const seated = s.you.seat !== null;
  const taken = room.seats.filter((x) => x.taken).map((x) => x.color);
  const free = COLORS.filter((c) => !taken.includes(c));
  const nameInput = h('input', { id: 'seat-name', name: 'name', maxLength: 24, value: savedName,
    placeholder: 'Your name', autocomplete: 'nickname' });
  const colorSelect = h('select', { id: 'seat-color', name: 'color' },
    ...free.map((c) => h('option', { value: c }, c[0].toUpperCase() + c.slice(1))));
  const seats = room.seats.map((seat) => seatRow(seat, s, act, () => [nameInput.value.trim(), colorSelect.value], host));
  const count = room.seats.filter((x) => x.taken).length;
  fill(el,
    h('div.lobby-head', null,
      h('h2', null, `Room ${room.code.toUpperCase()}${room.games_played ? ' · rematch' : ''}`),
      h('div.lobby-links', null,
        h('button.ghost', { type: 'button', onclick: act.copyLink, dataset: { action: 'copy-link' } }, 'Copy invite link'),
        seated ? h('button.ghost', { type: 'button', onclick: act.invite, dataset: { action: 'other-device' } },
          'Play on another device…') : null)),
    !seated ? h('div.sit-form', null,
      h('div', null, h('label', { for: 'seat-name' }, 'Your name'), nameInput),
      h('div', null, h('label', { for: 'seat-color' }, 'Colour'), colorSelect)) : null,
    h('ol.seats', null, ...seats),
    optionsBlock(room.options, host, act),
    h('div.lobby-actions', null,
      host ? h('button.gold', { type: 'button', onclick: act.start, disabled: count < 2,
        dataset: { action: 'start' } }, count < 2 ? 'Waiting for a second player…' : `Start the game (${count} players)`)
        : h('p.muted', null, room.host_online ? 'The host starts the game when everyone is seated.' : 'Waiting for the host…'),
      seated ? h('button.ghost', { type: 'button', onclick: act.leaveSeat, dataset: { action: 'leave-seat' } }, 'Leave my seat') : null,
      h('button.ghost', { type: 'button', onclick: act.learn, dataset: { action: 'learn' } }, 'Learn the rules'),
      s.game?.finished ? h('button.ghost', { type: 'button', onclick: act.showResults }, 'Last results') : null),
    room.spectators?.count ? h('p.muted.watchers', null,
      `Watching: ${room.spectators.names.join(', ')}`) : null);
}

function seatRow(seat, s, act, read, host) {
  const mine = seat.seat === s.you.seat;
  if (!seat.taken) {
    return h('li.seat.free', { dataset: { seat: String(seat.seat) } },
      h('span.chip.empty'), h('span.sname.muted', null, 'Free seat'),
      s.you.seat === null ? h('button.primary', { type: 'button', dataset: { action: 'sit' },
        onclick: () => {
          const [name, color] = read();
          act.takeSeat(seat.seat, name || 'Player', color);
        } }, 'Sit here') : null,
      host ? h('button.ghost.small', { type: 'button', dataset: { action: 'add-bot' },
        title: 'A bot that plays quickly and simply', onclick: () => act.addBot(seat.seat, 'easy') }, '+ Easy bot') : null,
      host ? h('button.ghost.small', { type: 'button', title: 'A bot that thinks ahead',
        onclick: () => act.addBot(seat.seat, 'strong') }, '+ Strong bot') : null);
  }
  return h('li.seat', { dataset: { seat: String(seat.seat) }, class: mine ? 'mine' : '' },
    chip(seat.color),
    h('span.sname', null, seat.name, mine ? h('span.you', null, ' (you)') : null,
      seat.host ? h('span.badge', null, 'host') : null, botTag(seat)),
    seat.bot ? null : h('span.presence', { class: seat.presence === 'online' ? 'on' : 'off', title: seat.presence ?? '' }),
    host && !mine ? h('button.icon.ghost', { type: 'button', title: 'Free this seat',
      onclick: () => act.removeSeat(seat.seat) }, '×') : null);
}

function optionsBlock(o, host, act) {
  if (!host) {
    const turnBased = o.pace === 'turn';
    return h('div.options-summary', null,
      h('p', null, `${optionsText(o)} · ${o.seats} seats · `,
        h('span', { dataset: { option: 'pace' } }, paceText(o)),
        turnBased ? null : [' · ', h('span', { dataset: { option: 'clock' } }, o.clock ? `clock: ${clockName(o.clock)}` : 'no clock')],
        ' · ', h('span', { dataset: { option: 'hints' } }, adviceText(o.hints))),
      turnBased ? h('p.pace-explain', null, paceExplanation(o)) : null);
  }
  const check = (key, label) => h('label.check', null,
    h('input', { type: 'checkbox', checked: o[key], onchange: (e) => act.setOptions({ [key]: e.target.checked }),
      dataset: { option: key } }), label);
  return h('div.options', null,
    h('div', null, h('label', { for: 'opt-tileset' }, 'Tiles'),
      h('select', { id: 'opt-tileset', onchange: (e) => act.setOptions({ tileset: e.target.value }) },
        h('option', { value: 'winter', selected: o.tileset === 'winter' }, 'Winter (84 tiles)'),
        h('option', { value: 'classic', selected: o.tileset === 'classic' }, 'Classic (72 tiles)'))),
    h('div', null, h('label', { for: 'opt-seats' }, 'Seats'),
      h('select', { id: 'opt-seats', onchange: (e) => act.setOptions({ seats: Number(e.target.value) }) },
        ...[2, 3, 4, 5].map((n) => h('option', { value: n, selected: o.seats === n }, String(n))))),
    h('div.option-checks', null, check('farmers', 'Farmers'), check('abbot', 'The Abbot'), check('river', 'The River')),
    ...paceControls(o, act),
    h('div', null, h('label', { for: 'opt-hints' }, 'Advice'),
      h('select', { id: 'opt-hints', title: 'How much help the table wants: a suggested move on request, or that and a warning before a move that gives points away. Everyone sees the level and how many hints each player used.',
        onchange: (e) => act.setOptions({ hints: e.target.value }) },
      ...Object.entries(ADVICE).map(([value, label]) => h('option', { value, selected: (o.hints ?? 'off') === value }, label)))),
    h('p.pace-explain', { id: 'pace-explain' }, paceExplanation(o)));
}

/**
 * The pace: live (with the turn clock) or turn-based, with the time per move, the limit on the
 * whole game and what happens when a player's time runs out.
 */
function paceControls(o, act) {
  const turnBased = o.pace === 'turn';
  const select = (id, label, key, choices, current, parse, tag = 'div') => h(tag, null, h('label', { for: id }, label),
    h('select', { id, dataset: { option: key }, 'aria-describedby': 'pace-explain',
      onchange: (e) => act.setOptions({ [key]: parse(e.target.value) }) },
    ...choices.map(([value, text]) => h('option', { value: String(value), selected: value === current }, text))));
  const pace = h('div', null, h('label', { for: 'opt-pace' }, 'Pace'),
    h('select', { id: 'opt-pace', dataset: { option: 'pace' }, 'aria-describedby': 'pace-explain',
      onchange: (e) => act.setOptions(paceChange(e.target.value)) },
    h('option', { value: 'live', selected: !turnBased }, 'Live: everyone plays now'),
    h('option', { value: 'turn', selected: turnBased }, 'Turn-based: play when you can')));
  if (!turnBased) return [pace, clockSelect(o.clock ?? null, act)];
  return [pace,
    select('opt-move-hours', 'Time per move', 'move_hours', MOVE_HOURS.map((n) => [n, `${n} hours`]), o.move_hours ?? 24, Number),
    select('opt-on-timeout', 'When a player\'s time runs out', 'on_timeout', Object.entries(ON_TIMEOUT),
      o.on_timeout ?? 'bot_turn', String, 'div.wide'),
    select('opt-game-days', 'Whole game', 'game_days', GAME_DAYS.map((n) => [n, n ? `At most ${n} days` : 'No limit']), o.game_days ?? null,
      (v) => (v === 'null' ? null : Number(v)))];
}

/** The turn clock: a bank per player plus an increment per turn; an easy bot plays a turn
 * whose bank ran out. A clock set some other way than a preset is listed too. */
function clockSelect(current, act) {
  const presets = CLOCK_PRESETS.some((c) => clockKey(c) === clockKey(current)) ? CLOCK_PRESETS : [...CLOCK_PRESETS, current];
  return h('div.clock-option', null, h('label', { for: 'opt-clock' }, 'Turn clock'),
    h('select', { id: 'opt-clock', title: 'A time bank per player, plus some seconds after each turn. When it runs out, an easy bot plays that turn.',
      onchange: (e) => act.setOptions({ clock: presets.find((c) => clockKey(c) === e.target.value) ?? null }) },
    ...presets.map((c) => h('option', { value: clockKey(c), selected: clockKey(c) === clockKey(current) },
      c ? clockName(c) : 'None'))));
}
