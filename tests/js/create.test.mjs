import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import { createChoices, createBody, firstTick } from '../../static/js/ui/create.js';
import { seatCounts } from '../../static/js/ui/lobby.js';
import { COLORS, OPTIONS } from '../../static/js/net/protocol.js';
import { CATALOG } from './fixtures.mjs';

test("the create form offers the server's choices, its defaults preselected", () => {
  const form = createChoices();
  assert.deepEqual(form.color.choices.map(([v]) => v), [...COLORS]);
  assert.deepEqual(form.tileset.choices.map(([v]) => v).sort(), [...OPTIONS.tileset.values].sort());
  assert.equal(form.tileset.choices[0][0], OPTIONS.tileset.default, 'the default first');
  assert.equal(form.tileset.chosen, OPTIONS.tileset.default);
  assert.equal(form.seats.chosen, String(OPTIONS.seats.default), 'the seats the server defaults to');
  assert.deepEqual(form.pace.choices.map(([v]) => v), ['live', ...OPTIONS.move_hours.values.map(String)]);
  assert.equal(form.tileset.choices.find(([v]) => v === 'winter')[1], 'Winter', 'without the catalog: no size');
  assert.equal(createChoices(CATALOG).tileset.choices.find(([v]) => v === 'winter')[1], 'Winter (13 tiles)');
});

test('the seats a table may have run from the fewest to the most', () => {
  assert.deepEqual(seatCounts(), [2, 3, 4, 5]);
});

test('a turn-based game may last without a limit, the first choice, or so many days', async () => {
  const { GAME_DAYS } = await import('../../static/js/ui/pace.js');
  assert.equal(GAME_DAYS[0], null);
  assert.deepEqual(GAME_DAYS.slice(1), OPTIONS.game_days.values.filter((days) => days !== null));
});

test('the form posts its name, colour and options', () => {
  const data = new FormData();
  for (const [k, v] of [['name', ' Ann '], ['color', 'blue'], ['tileset', 'classic'], ['seats', '3'], ['pace', '48'], ['abbot', 'on']]) data.append(k, v);
  assert.deepEqual(createBody(data), { name: 'Ann', color: 'blue', options: { tileset: 'classic', farmers: false, abbot: true,
    river: false, inns_cathedrals: false, traders_builders: false, seats: 3, pace: 'turn', move_hours: 48 } });
});

test("a box ticked or cleared before the script ran keeps the player's choice; the others take the default", () => {
  assert.equal(firstTick({ checked: false, defaultChecked: false }, true), true, 'untouched: the default');
  assert.equal(firstTick({ checked: false, defaultChecked: false }, false), false);
  assert.equal(firstTick({ checked: true, defaultChecked: false }, false), true, 'ticked while loading');
  assert.equal(firstTick({ checked: false, defaultChecked: true }, true), false, 'cleared while loading');
});
