import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import { riverBanks, featureOf } from '../../static/js/ui/inspector.js';

const field = (id, parts) => ({ id, kind: 'field', complete: false, parts, tiles: parts.length, pennants: 0,
  followers: [0, 0], points_now: 0, points_end: 0 });

test('the river shows the field on each of its banks', () => {
  const north = field('f1', [{ x: 2, y: 0, slots: ['NNW', 'N', 'NNE', 'ENE', 'WNW'] }]);
  const south = field('f2', [{ x: 2, y: 0, slots: ['ESE', 'S', 'WSW'] }]);
  const road = { ...field('r1', [{ x: 2, y: 0, slots: ['S'] }]), kind: 'road' };
  const banks = riverBanks([road, south, north], { x: 2, y: 0, slots: ['E', 'W'] });
  assert.deepEqual(banks.map((f) => f.id), ['f1', 'f2'], 'north bank first (beside E: ENE, then ESE)');
  assert.equal(featureOf([north, south], { x: 2, y: 0, slots: ['E', 'W'] }), null, 'the river itself is no feature');
});

test('round the end of the river both banks are one field', () => {
  const round = field('f0', [{ x: 0, y: 0, slots: ['NNW', 'N', 'NNE', 'ENE', 'ESE', 'SSE', 'S', 'SSW', 'WSW', 'W', 'WNW'] }]);
  assert.deepEqual(riverBanks([round], { x: 0, y: 0, slots: ['E'] }).map((f) => f.id), ['f0']);
  assert.deepEqual(riverBanks([], { x: 0, y: 0, slots: ['E'] }), [], 'features not here yet: nothing to show');
});

test("a completed feature's scoring is the event that names it by id", async () => {
  const { worthText } = await import('../../static/js/ui/inspector.js');
  const players = [{ name: 'Ann' }, { name: 'Bo' }];
  const city = { id: 's4', kind: 'city', complete: true, parts: [{ x: 0, y: 0, slots: ['N'] }], tiles: 2, pennants: 0,
    followers: [0, 0], points_now: 4, points_end: 4 };
  const other = { turn: 3, feature: 'city', feature_id: 's9', points: 6, players: [0], cells: [[0, 0]] };
  assert.equal(worthText(city, [other], players), 'Completed: nobody held it, so it scored nothing',
    'another city on the same tiles is not this one');
  const own = { turn: 5, feature: 'city', feature_id: 's4', points: 4, players: [1], cells: [[0, 0]] };
  assert.equal(worthText(city, [other, own], players), 'Completed and scored: Bo 4 points');
  const monastery = { ...city, id: 'c1,1', kind: 'monastery', tiles: 9, points_now: 9, points_end: 9 };
  const abbot = { turn: 4, feature: 'abbot', feature_id: 'c1,1', points: 5, players: [0], cells: [] };
  assert.equal(worthText(monastery, [abbot], players), 'Completed: nobody held it, so it scored nothing',
    'the abbot taken back from it earlier is not its scoring');
});

test('pointed at, a segment shows its feature, or the river with its banks', async () => {
  const { inspectedFeature } = await import('../../static/js/ui/inspector.js');
  const { CATALOG, RIVER } = await import('./fixtures.mjs');
  const north = field('f1', [{ x: 0, y: 0, slots: ['NNW', 'N', 'NNE', 'ENE', 'WNW'] }]);
  const game = { board: [{ x: 0, y: 0, tile: 'R04', rot: 0 }], features: [north] };
  assert.deepEqual(inspectedFeature(game, { x: 0, y: 0, slots: ['E', 'W'] }, RIVER), { kind: 'river', banks: [north] });
  const land = { board: [{ x: 0, y: 0, tile: 'E', rot: 0 }], features: [north] };
  assert.equal(inspectedFeature(land, { x: 0, y: 0, slots: ['ENE'] }, CATALOG), north);
  assert.equal(inspectedFeature(land, null, CATALOG), null);
});

test('an unfinished inn road or cathedral city says it is worth nothing at the end; a city says who gets its goods', async () => {
  const { worthText, goodsLine, featureMarks } = await import('../../static/js/ui/inspector.js');
  const players = [{ name: 'Ann' }, { name: 'Bo' }];
  const road = { ...field('r1', [{ x: 1, y: 0, slots: ['S'] }]), kind: 'road', points_now: 6, points_end: 0 };
  const catalog = { I11: { segments: [{ kind: 'city', slots: ['NNW', 'N', 'NNE', 'WSW', 'W', 'WNW'], marks: [] },
    { kind: 'road', slots: ['S'], marks: ['inn'] }] } };
  const marks = featureMarks(road, [{ x: 1, y: 0, tile: 'I11', rot: 0 }], catalog);
  assert.deepEqual(marks, ['inn']);
  assert.deepEqual(featureMarks({ ...road, parts: [{ x: 1, y: 0, slots: ['W'] }] }, [{ x: 1, y: 0, tile: 'I11', rot: 90 }], catalog),
    ['inn'], 'the slot is turned back to the canonical tile');
  assert.equal(worthText(road, [], players, marks),
    '6 if completed (its inn doubles it), 0 at the end: an inn road left unfinished scores nothing');
  assert.equal(worthText(road, [], players, []), '6 if completed, 0 at the end');
  const city = { ...field('c1', [{ x: 0, y: 0, slots: ['N'] }]), kind: 'city', goods: { wine: 2, grain: 0, cloth: 1 } };
  assert.equal(goodsLine(city, [], players),
    'Goods: 2 wine and 1 cloth, for whoever places the tile that completes the city, knight there or not');
  const taken = { turn: 4, feature: 'goods', points: 0, players: [1], feature_id: 'c1', wine: 2, grain: 0, cloth: 1 };
  assert.equal(goodsLine({ ...city, complete: true }, [taken], players), 'Its goods (2 wine and 1 cloth) went to Bo, who completed it');
  assert.equal(goodsLine({ ...city, goods: { wine: 0, grain: 0, cloth: 0 } }, [], players), null);
});

test('goods events in words: taken with a city, and each kind\'s majority at the end', async () => {
  const { eventText } = await import('../../static/js/ui/words.js');
  const players = [{ name: 'Ann' }, { name: 'Bo' }];
  assert.equal(eventText({ feature: 'goods', points: 0, players: [0], tiles: 3, wine: 1, grain: 0, cloth: 2 }, players),
    "Ann takes the city's goods: 1 wine and 2 cloth");
  assert.equal(eventText({ feature: 'goods', points: 10, players: [0, 1], final: true, good: 'grain', tokens: 3 }, players),
    'Most grain (3): Ann and Bo: 10 points each');
  assert.equal(eventText({ feature: 'road', points: 8, players: [1], tiles: 4, inn: true }, players),
    "Bo's road: 8 points (4 tiles, with an inn)");
});
