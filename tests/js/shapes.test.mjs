import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import { riverCurve, riverPond, bridges, monasteryCentre, pointOn, roadCurve, crossingRoad, RIVER_WIDTH } from '../../static/js/board/shapes.js';
import { CATALOG, RIVER } from './fixtures.mjs';

const near = (a, b, eps = 1e-6) => Math.hypot(a[0] - b[0], a[1] - b[1]) < eps;

test('the river leaves a tile in the middle of its river edges, so neighbours join up', () => {
  const curve = riverCurve(RIVER.R09);
  assert.ok(near(pointOn(curve, 0), [0.5, 1]) && near(pointOn(curve, 1), [0, 0.5]), 'a bend from south to west');
  const straight = riverCurve(RIVER.R03);
  assert.ok(near(pointOn(straight, 0), [1, 0.5]) && near(pointOn(straight, 1), [0, 0.5]));
  assert.equal(riverCurve(CATALOG.D), null, 'a land tile has no river');
});

test('a road over the river is a bridge where the two lines cross', () => {
  const [bridge, ...more] = bridges(RIVER.R03);
  assert.equal(more.length, 0);
  assert.ok(near(bridge.at, [0.5, 0.5], 0.02), `R03's bridge is in the middle, not at ${bridge.at}`);
  assert.ok(Math.abs(Math.abs(Math.sin(bridge.angle)) - 1) < 1e-6, 'it runs north-south, along its road');
  assert.deepEqual(bridges(RIVER.R09), [], 'a road beside the river crosses nothing');
});

test('round the monastery in the middle, the river bows to the road side and the monastery moves away', () => {
  const centre = monasteryCentre(RIVER.R04);
  assert.ok(near(centre, [0.5, 0.4]), `the monastery moves north, to ${centre}`);
  const middle = pointOn(riverCurve(RIVER.R04), 0.5);
  assert.ok(middle[1] - RIVER_WIDTH / 2 > centre[1] + 0.17, 'the river passes south of the monastery');
  const road = roadCurve(RIVER.R04, RIVER.R04.segments[0]);
  assert.ok(near(pointOn(road, 1), centre), 'the road runs to the monastery');
  const [bridge] = bridges(RIVER.R04);
  assert.ok(bridge && bridge.at[1] > 0.7, 'and over a bridge to get there');
  assert.deepEqual(monasteryCentre(CATALOG.A), [0.5, 0.5], 'land monasteries stay in the middle');
});

test('the lake lies off its one river edge, inside the tile', () => {
  const pond = riverPond(RIVER.R12);
  assert.ok(pond.centre[0] - pond.r > 0 && pond.centre[0] + pond.r < 1);
  assert.ok(near(pond.centre, [0.56, 0.5]));
  assert.equal(riverPond(RIVER.R03), null);
});

test("T22's west road crosses the south road; T17's two roads both end at the town", () => {
  const seg = (kind, slots, adj = []) => ({ kind, slots, pennant: false, marks: [], adj_cities: adj });
  const t22 = { edges: 'CFRR', centre: null, segments: [seg('city', ['NNW', 'N', 'NNE']), seg('road', ['S']), seg('road', ['W']),
    seg('field', ['WNW'], [0]), seg('field', ['SSW', 'WSW']), seg('field', ['ENE', 'E', 'ESE', 'SSE'], [0])] };
  assert.equal(crossingRoad(t22), t22.segments[2]);
  const t17 = { edges: 'CRRC', centre: 'garden', segments: [seg('city', ['NNW', 'N', 'NNE', 'WSW', 'W', 'WNW']), seg('road', ['E']),
    seg('road', ['S']), seg('field', ['ENE'], [0]), seg('field', ['ESE', 'SSE'], [0]), seg('field', ['SSW'], [0])] };
  assert.equal(crossingRoad(t17), null);
  assert.equal(crossingRoad({ ...t17, centre: null }), null, 'the field between the roads borders the town');
});
