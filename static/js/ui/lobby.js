// The lobby: seats, names, colours, the options and the start button.
import { h, fill, chip } from './dom.js';
import { botTag, botLevels } from './bots.js';
import { CLOCK_PRESETS, clockKey, clockName } from './clock.js';
import { optionsText, adviceText, adviceName, OPTION_CHECKS, optionName, colorName, tilesetText } from './words.js';
import { MOVE_HOURS, GAME_DAYS, ON_TIMEOUT, paceChange, paceText, paceExplanation } from './pace.js';
import { LIMITS, OPTIONS, RULES } from '../net/protocol.js';
import { t, formatDuration } from '../i18n.js';

/**
 * @typedef {object} LobbyActions
 * @property {(seat: number, name: string, color: string) => void} takeSeat
 * @property {() => void} leaveSeat
 * @property {(seat: number) => void} removeSeat
 * @property {(seat: number, level: string) => void} addBot
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
 * @param {Record<string, any>} catalog the tile catalog (how many tiles each set has)
 */
export function renderLobby(el, s, act, savedName, catalog) {
  const room = s.room;
  if (!room) return fill(el);
  const host = s.you.host;
  const seated = s.you.seat !== null;
  const taken = room.seats.filter((x) => x.taken).map((x) => x.color);
  const free = room.colors.filter((c) => !taken.includes(c));
  const nameInput = h('input', { id: 'seat-name', name: 'name', maxLength: LIMITS.NAME_MAX, value: savedName,
    placeholder: t('create.name'), autocomplete: 'nickname' });
  const colorSelect = h('select', { id: 'seat-color', name: 'color' },
    ...free.map((c) => h('option', { value: c }, colorName(c))));
  const seats = room.seats.map((seat) => seatRow(seat, s, act, () => [nameInput.value.trim(), colorSelect.value], host));
  const count = room.seats.filter((x) => x.taken).length;
  fill(el,
    h('div.lobby-head', null,
      h('h2', null, t(room.games_played ? 'lobby.title.rematch' : 'lobby.title', { code: room.code.toUpperCase() })),
      h('div.lobby-links', null,
        h('button.ghost', { type: 'button', onclick: act.copyLink, dataset: { action: 'copy-link' } }, t('invite.copy')),
        seated ? h('button.ghost', { type: 'button', onclick: act.invite, dataset: { action: 'other-device' } },
          t('lobby.otherDevice')) : null)),
    !seated ? h('div.sit-form', null,
      h('div', null, h('label', { for: 'seat-name' }, t('create.name')), nameInput),
      h('div', null, h('label', { for: 'seat-color' }, t('create.color')), colorSelect)) : null,
    h('ol.seats', null, ...seats),
    optionsBlock(room.options, room.max_seats, host, act, catalog),
    h('div.lobby-actions', null,
      host ? h('button.gold', { type: 'button', onclick: act.start, disabled: count < 2,
        dataset: { action: 'start' } }, count < 2 ? t('lobby.waitSecond') : t('lobby.start', { count }))
        : h('p.muted', null, t(room.host_online ? 'lobby.hostStarts' : 'lobby.waitHost')),
      seated ? h('button.ghost', { type: 'button', onclick: act.leaveSeat, dataset: { action: 'leave-seat' } }, t('lobby.leave')) : null,
      h('button.ghost', { type: 'button', onclick: act.learn, dataset: { action: 'learn' } }, t('learn.open')),
      s.game?.finished ? h('button.ghost', { type: 'button', onclick: act.showResults }, t('lobby.lastResults')) : null),
    room.spectators?.count ? h('p.muted.watchers', null,
      t('players.watching.names', { names: room.spectators.names.join(', ') })) : null);
}

function seatRow(seat, s, act, read, host) {
  const mine = seat.seat === s.you.seat;
  if (!seat.taken) {
    return h('li.seat.free', { dataset: { seat: String(seat.seat) } },
      h('span.chip.empty'), h('span.sname.muted', null, t('lobby.free')),
      s.you.seat === null ? h('button.primary', { type: 'button', dataset: { action: 'sit' },
        onclick: () => {
          const [name, color] = read();
          act.takeSeat(seat.seat, name || t('lobby.defaultName'), color);
        } }, t('lobby.sit')) : null,
      // The easy bot's button keeps `data-action=add-bot` (a stable test hook); each has its level.
      ...(host ? botLevels().map((b) => h('button.ghost.small', { type: 'button',
        dataset: b.level === 'easy' ? { action: 'add-bot', level: b.level } : { level: b.level },
        title: b.about, onclick: () => act.addBot(seat.seat, b.level) }, `+ ${b.name}`)) : []));
  }
  return h('li.seat', { dataset: { seat: String(seat.seat) }, class: mine ? 'mine' : '' },
    chip(seat.color),
    h('span.sname', null, seat.name, mine ? h('span.you', null, ` ${t('players.you')}`) : null,
      seat.host ? h('span.badge', null, t('lobby.host')) : null, botTag(seat)),
    seat.bot ? null : h('span.presence', { class: seat.presence === 'online' ? 'on' : 'off', title: seat.presence === 'online' ? t('players.online') : seat.presence === 'away' ? t('lobby.away') : seat.presence ?? '' }),
    host && !mine ? h('button.icon.ghost', { type: 'button', title: t('lobby.freeSeat'),
      onclick: () => act.removeSeat(seat.seat) }, '×') : null);
}

function optionsBlock(o, maxSeats, host, act, catalog) {
  if (!host) {
    const turnBased = o.pace === 'turn';
    return h('div.options-summary', null,
      h('p', null, `${optionsText(o, catalog)} · ${t('lobby.seats', { count: o.seats })} · `,
        h('span', { dataset: { option: 'pace' } }, paceText(o)),
        turnBased ? null : [' · ', h('span', { dataset: { option: 'clock' } }, o.clock ? t('lobby.clock', { clock: clockName(o.clock) }) : t('lobby.noClock'))],
        ' · ', h('span', { dataset: { option: 'hints' } }, adviceText(o.hints))),
      turnBased ? h('p.pace-explain', null, paceExplanation(o)) : null);
  }
  const check = (key, label) => h('label.check', null,
    h('input', { type: 'checkbox', checked: o[key], onchange: (e) => act.setOptions({ [key]: e.target.checked }),
      dataset: { option: key } }), label);
  return h('div.options', null,
    h('div', null, h('label', { for: 'opt-tileset' }, t('create.tiles')),
      h('select', { id: 'opt-tileset', onchange: (e) => act.setOptions({ tileset: e.target.value }) },
        ...tilesets().map((name) => h('option', { value: name, selected: o.tileset === name }, tilesetText(name, catalog))))),
    h('div', null, h('label', { for: 'opt-seats' }, t('create.seats')),
      h('select', { id: 'opt-seats', onchange: (e) => act.setOptions({ seats: Number(e.target.value) }) },
        ...seatCounts(maxSeats).map((n) => h('option', { value: n, selected: o.seats === n }, String(n))))),
    h('div.option-checks', null, ...Object.keys(OPTION_CHECKS).map((key) => check(key, optionName(key)))),
    ...paceControls(o, act),
    h('div', null, h('label', { for: 'opt-hints' }, t('lobby.advice')),
      h('select', { id: 'opt-hints', title: t('lobby.advice.title'),
        onchange: (e) => act.setOptions({ hints: e.target.value }) },
      ...OPTIONS.hints.values.map((value) => h('option', { value, selected: o.hints === value }, adviceName(value))))),
    h('p.pace-explain', { id: 'pace-explain' }, paceExplanation(o)));
}

/** The tile sets a room may play, the default first. */
export function tilesets() {
  const { values, default: first } = OPTIONS.tileset;
  return [first, ...values.filter((name) => name !== first)];
}

/**
 * The table sizes a room may have: 2 to 5 seats, or up to `max` (the room's `max_seats`: 6
 * with Inns & Cathedrals).
 * @param {number} [max]
 */
export function seatCounts(max = RULES.MAX_PLAYERS) {
  const { min } = OPTIONS.seats;
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
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
  const pace = h('div', null, h('label', { for: 'opt-pace' }, t('create.pace')),
    h('select', { id: 'opt-pace', dataset: { option: 'pace' }, 'aria-describedby': 'pace-explain',
      onchange: (e) => act.setOptions(paceChange(e.target.value)) },
    h('option', { value: 'live', selected: !turnBased }, t('pace.live.choice')),
    h('option', { value: 'turn', selected: turnBased }, t('pace.turn.choice'))));
  if (!turnBased) return [pace, clockSelect(o.clock ?? null, act)];
  return [pace,
    select('opt-move-hours', t('lobby.moveHours'), 'move_hours', MOVE_HOURS.map((n) => [n, formatDuration(n, 'hour')]), o.move_hours, Number),
    select('opt-on-timeout', t('lobby.onTimeout'), 'on_timeout', Object.entries(ON_TIMEOUT).map(([k, v]) => [k, t(v)]),
      o.on_timeout, String, 'div.wide'),
    select('opt-game-days', t('lobby.gameDays'), 'game_days', GAME_DAYS.map((n) => [n, n ? t('lobby.atMost', { count: n }) : t('lobby.noLimit')]), o.game_days,
      (v) => (v === 'null' ? null : Number(v)))];
}

/** The turn clock: a bank per player plus an increment per turn; an easy bot plays a turn
 * whose bank ran out. A clock set some other way than a preset is listed too. */
function clockSelect(current, act) {
  const presets = CLOCK_PRESETS.some((c) => clockKey(c) === clockKey(current)) ? CLOCK_PRESETS : [...CLOCK_PRESETS, current];
  return h('div.clock-option', null, h('label', { for: 'opt-clock' }, t('lobby.turnClock')),
    h('select', { id: 'opt-clock', title: t('lobby.turnClock.title'),
      onchange: (e) => act.setOptions({ clock: presets.find((c) => clockKey(c) === e.target.value) ?? null }) },
    ...presets.map((c) => h('option', { value: clockKey(c), selected: clockKey(c) === clockKey(current) },
      c ? clockName(c) : t('lobby.none')))));
}
