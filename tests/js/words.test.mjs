import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import { offsetWords, whereText, tileWords, turnAnnouncement, eventText, turnText, joinNames, spotLabels } from '../../static/js/ui/words.js';
import { CATALOG, RIVER, gameView } from './fixtures.mjs';

test('offsets in words', () => {
  assert.equal(offsetWords(0, -1), 'north');
  assert.equal(offsetWords(1, 1), 'south-east');
  assert.equal(offsetWords(2, 0), '2 east');
  assert.equal(offsetWords(-2, 1), '1 south, 2 west');
});

test('where a tile went: near the start relative to it, far out beside its oldest neighbour', () => {
  const placed = new Map([['0,0', 0], ['1,0', 1], ['2,0', 2], ['3,0', 5], ['3,1', 3]]);
  assert.equal(whereText(0, -1, placed), 'north of the start tile');
  assert.equal(whereText(2, 0, placed), '2 east of the start tile');
  assert.equal(whereText(4, 0, placed), "east of turn 5's tile");
  assert.equal(whereText(3, -1, placed), "north of turn 5's tile");
  assert.equal(whereText(4, 1, placed), "east of turn 3's tile");
});

test('tiles and turns in words', () => {
  assert.equal(tileWords('E', CATALOG.E), 'tile E: a city on 1 side');
  assert.equal(tileWords('L', CATALOG.L), 'tile L: a city on 1 side and 3 roads');
  assert.equal(tileWords('A', CATALOG.A), 'tile A: a monastery and a road');
  assert.equal(tileWords('Q', undefined), 'tile Q');
  const g = gameView();
  assert.equal(turnAnnouncement(g, 0, CATALOG), 'Your turn. You drew tile E: a city on 1 side.');
  assert.equal(turnAnnouncement(g, 1, CATALOG), "Ann's turn. Ann drew tile E: a city on 1 side.");
  assert.equal(turnAnnouncement({ ...g, finished: true }, 0, CATALOG), '');
  const players = g.players;
  assert.equal(turnText({ player: 1, tile: 'E', x: 0, y: -1, rot: 180, meeple: { kind: 'follower', at: 'S' } }, players, CATALOG),
    'Bo placed a tile and put a knight in the city');
  assert.equal(turnText({ player: 0, discarded: 'C' }, players, CATALOG), 'Ann drew C: it fits nowhere, discarded');
  assert.equal(turnText({ player: 0, tile: 'E', x: 0, y: -1, rot: 180, meeple: null, return_abbot: true }, players, CATALOG,
    'north of the start tile'), 'Ann placed a tile north of the start tile and took the abbot back');
});

test('score events in words, shared scores say each', () => {
  const players = [{ name: 'Ann' }, { name: 'Bo' }, { name: 'Cy' }];
  assert.equal(eventText({ feature: 'city', points: 8, players: [0], tiles: 3, pennants: 1 }, players),
    "Ann's city: 8 points (3 tiles, 1 pennant)");
  assert.equal(eventText({ feature: 'road', points: 1, players: [0, 2], tiles: 1 }, players),
    "Ann and Cy's shared road: 1 point each (1 tile)");
  assert.equal(joinNames(['A', 'B', 'C']), 'A, B and C');
});

test('River tiles say the river, and the lake', () => {
  assert.equal(tileWords('R03', RIVER.R03), 'tile R03: a city on 1 side, a road and the river');
  assert.equal(tileWords('R12', RIVER.R12), 'tile R12: the lake where the river ends');
});

test('a tile set in words says how many tiles its box holds, counted from the catalog', async () => {
  const { tilesetText, optionsText, tileCount } = await import('../../static/js/ui/words.js');
  assert.equal(tileCount('classic', CATALOG), 13);
  assert.equal(tilesetText('classic', CATALOG), 'Classic (13 tiles)');
  assert.equal(optionsText({ tileset: 'winter', farmers: true, abbot: false, river: true }, CATALOG),
    'Winter Edition, 13 tiles · with farmers · no abbot · with The River');
  const withInns = { ...CATALOG, I01: { count: { inns_cathedrals: 1 } }, I03: { count: { inns_cathedrals: 1 } } };
  assert.equal(optionsText({ tileset: 'classic', farmers: true, abbot: false, inns_cathedrals: true,
    traders_builders: true }, withInns),
  'Classic, 15 tiles · with farmers · no abbot · with Inns & Cathedrals · with Traders & Builders');
});

test('the end of a game, said aloud', async () => {
  const { gameOverText } = await import('../../static/js/ui/words.js');
  const players = [{ name: 'Ann' }, { name: 'Bo' }, { name: 'Cy' }];
  assert.equal(gameOverText({ players, results: { scores: [40, 12, 40], winners: [0, 2] } }), 'The game is over. Ann and Cy share the win with 40 points.');
  assert.equal(gameOverText({ players, results: { scores: [3, 12, 0], winners: [1] } }), 'The game is over. Bo wins with 12 points.');
  assert.equal(gameOverText({ players, results: { scores: [0, 0, 0], winners: [0, 1, 2] } }), 'The game is over; nobody scored.');
});

test("a builder's bonus turn is said first, before whose turn it is and the tile", () => {
  const g = { ...gameView(), drawn_tile: 'E', current_player: 0, bonus_turn: true };
  assert.equal(turnAnnouncement(g, 0, CATALOG), 'Builder: place another tile. Your turn. You drew tile E: a city on 1 side.');
});

test("a tile's inn, cathedral and goods are said with it", () => {
  const inn = { centre: null, segments: [{ kind: 'city', slots: ['NNW', 'N', 'NNE'], marks: [] }, { kind: 'road', slots: ['S'], marks: ['inn'] }] };
  assert.equal(tileWords('I08', inn), 'tile I08: a city on 1 side, a road and an inn');
  const wine = { centre: null, segments: [{ kind: 'city', slots: ['NNW', 'N', 'NNE'], marks: ['wine'] }] };
  assert.equal(tileWords('T21', wine), 'tile T21: a city on 1 side and goods: wine');
  const cathedral = { centre: null, segments: [{ kind: 'city', slots: ['N', 'E', 'S', 'W'], marks: ['cathedral'] }] };
  assert.equal(tileWords('I01', cathedral), 'tile I01: a city on 4 sides and a cathedral');
});

test('an inn road still open at the end is said to score nothing', () => {
  const players = [{ name: 'Ann' }];
  assert.equal(eventText({ feature: 'road', points: 0, players: [0], tiles: 3, inn: true, final: true }, players),
    "Ann's road: 0 points (3 tiles, with an inn, left unfinished it scores nothing)");
  assert.equal(eventText({ feature: 'city', points: 4, players: [0], tiles: 4, cathedral: false, final: true }, players),
    "Ann's city: 4 points (4 tiles)");
});

const spot = (at, feature) => ({ kind: 'follower', at, feature });

// issue 20 item 5: a crossroads offered "Farmer in the field (north)" twice
test("every figure button's words are its own, however many spots a tile has", () => {
  const crossroads = [spot('N', 'road'), spot('E', 'road'), spot('S', 'road'), spot('W', 'road'),
    spot('NNW', 'field'), spot('NNE', 'field'), spot('SSE', 'field'), spot('SSW', 'field')];
  const labels = spotLabels(crossroads);
  assert.equal(new Set(labels).size, crossroads.length, labels.join(' / '));
  assert.deepEqual(labels.slice(4), ['Farmer in the field (north-west)', 'Farmer in the field (north-east)',
    'Farmer in the field (south-east)', 'Farmer in the field (south-west)']);
  assert.equal(labels[0], 'Thief on the road (north)');
  // words as short as they can be: alone, a spot needs no side
  assert.deepEqual(spotLabels([spot('N', 'city'), spot('S', 'field')]), ['Knight in the city', 'Farmer in the field']);
  assert.deepEqual(spotLabels([spot('N', 'city'), spot('S', 'city')]), ['Knight in the city (north)', 'Knight in the city (south)']);
});
