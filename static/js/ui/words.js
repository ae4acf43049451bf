// Game events in words, for the turn log, the flashes and the results.
import { unrotateSlot } from '../board/slots.js';

/** "Ann", "Ann and Bo", "Ann, Bo and Cy". @param {string[]} names */
export function joinNames(names) {
  if (names.length <= 1) return names[0] ?? 'nobody';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * "Ann's city: 8 points (3 tiles, 1 pennant)".
 * @param {{feature: string, points: number, players: number[], tiles?: number,
 *   pennants?: number, cities?: number, final?: boolean}} e
 * @param {{name: string}[]} players
 */
export function eventText(e, players) {
  const names = e.players.map((i) => players[i]?.name ?? `Player ${i + 1}`);
  const owner = names.length > 1 ? `${joinNames(names)}'s shared` : `${names[0]}'s`;
  const what = e.feature === 'abbot' ? 'abbot (taken back)' : e.feature;
  const each = names.length > 1 ? ' each' : '';
  return `${owner} ${what}: ${e.points} point${e.points === 1 ? '' : 's'}${each}${detail(e)}`;
}

function detail(e) {
  const parts = [];
  if (e.feature === 'field' && e.cities) parts.push(plural(e.cities, 'completed city', 'completed cities'));
  else if (e.tiles && e.feature !== 'field') parts.push(plural(e.tiles, 'tile'));
  if (e.pennants) parts.push(plural(e.pennants, 'pennant'));
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** "1 tile", "3 tiles". */
export function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

const SIDES = { N: 'north', E: 'east', S: 'south', W: 'west' };

/** The side of the tile a slot lies on: "north" for NNW, N and NNE. */
function side(slot) {
  return SIDES[slot[0]] ?? 'centre';
}

/** What a follower is called on each kind of feature, and where it stands. */
const ROLES = {
  city: ['knight', 'in the city'], road: ['thief', 'on the road'], field: ['farmer', 'in the field'],
  monastery: ['monk', 'in the monastery'], garden: ['follower', 'in the garden'],
};

/**
 * "a knight in the city", "the abbot in the garden".
 * @param {string} kind "follower" or "abbot" @param {string} feature
 */
export function figureWords(kind, feature) {
  const [role, where] = ROLES[feature] ?? ['follower', `on the ${feature}`];
  return kind === 'abbot' ? `the abbot ${where}` : `a ${role} ${where}`;
}

/**
 * Words for a figure spot: "Knight in the city", "Farmer in the field (north)" ...
 * @param {{kind: string, feature: string, at: string}} spot
 * @param {boolean} [where] add the side of the tile (when two spots would read the same)
 */
export function spotText(spot, where = false) {
  const words = figureWords(spot.kind, spot.feature).replace(/^(a|the) /, '');
  const base = words[0].toUpperCase() + words.slice(1);
  return where ? `${base} (${side(spot.at)})` : base;
}

/**
 * The kind of feature under a board-oriented slot of a placed tile ("C": its centre).
 * @param {import('../board/shapes.js').TileDef|undefined} def @param {number} rot @param {string} slot
 */
export function featureAtSlot(def, rot, slot) {
  if (!def) return 'feature';
  if (slot === 'C') return def.centre ?? 'feature';
  const canonical = unrotateSlot(slot, rot);
  return def.segments.find((seg) => seg.slots.includes(canonical))?.kind ?? 'feature';
}

/**
 * One log turn in words: "Ann placed a tile north of the start tile and put a knight in the
 * city", "Bo drew C: it fits nowhere, discarded".
 * @param {{player: number, tile?: string, rot?: number, discarded?: string,
 *   meeple?: {kind: string, at: string}|null, return_abbot?: boolean}} turn
 * @param {{name: string}[]} players
 * @param {Record<string, import('../board/shapes.js').TileDef>} catalog
 * @param {string} [where] where the tile went (whereText)
 */
export function turnText(turn, players, catalog, where = '') {
  const name = players[turn.player]?.name ?? `Player ${turn.player + 1}`;
  if (turn.discarded) return `${name} drew ${turn.discarded}: it fits nowhere, discarded`;
  const placed = `${name} placed a tile${where ? ` ${where}` : ''}`;
  if (turn.return_abbot) return `${placed} and took the abbot back`;
  const m = turn.meeple;
  if (!m) return placed;
  const feature = featureAtSlot(catalog[turn.tile ?? ''], turn.rot ?? 0, m.at);
  return `${placed} and put ${figureWords(m.kind, feature)}`;
}

const DIRS = [[0, -1, 'north'], [1, 0, 'east'], [0, 1, 'south'], [-1, 0, 'west']];

/** "north", "2 east", "north-east", "2 east, 1 north": an offset on the board in words. */
export function offsetWords(dx, dy) {
  const ns = dy < 0 ? 'north' : dy > 0 ? 'south' : '';
  const ew = dx > 0 ? 'east' : dx < 0 ? 'west' : '';
  if (Math.abs(dx) <= 1 && Math.abs(dy) <= 1) return [ns, ew].filter(Boolean).join('-');
  const part = (n, word) => (n ? `${Math.abs(n) > 1 ? `${Math.abs(n)} ` : '1 '}${word}` : '');
  return [part(dy, ns), part(dx, ew)].filter(Boolean).join(', ');
}

/**
 * Where a tile went, in words a player can find on the board: near the start tile, relative to
 * it ("2 east of the start tile"); farther out, beside the oldest tile it touches ("south of
 * turn 12's tile").
 * @param {number} x @param {number} y
 * @param {Map<string, number>} placedAt "x,y" -> the turn that placed the tile there (0: the start tile)
 */
export function whereText(x, y, placedAt) {
  if (Math.abs(x) + Math.abs(y) <= 2) return `${offsetWords(x, y)} of the start tile`;
  let best = null;
  for (const [dx, dy, word] of DIRS) {
    const n = placedAt.get(`${x - dx},${y - dy}`);
    if (n !== undefined && (!best || n < best.n)) best = { n, word };
  }
  if (!best) return `${offsetWords(x, y)} of the start tile`;
  return best.n === 0 ? `${best.word} of the start tile` : `${best.word} of turn ${best.n}'s tile`;
}

/**
 * What a tile shows, briefly: "tile E: a city on 1 side", "tile L: a city on 1 side and 3 roads".
 * @param {string} id @param {import('../board/shapes.js').TileDef|undefined} def
 */
export function tileWords(id, def) {
  if (!def) return `tile ${id}`;
  const parts = [];
  if (def.centre === 'monastery') parts.push('a monastery');
  const cityEdges = new Set(def.segments.filter((s) => s.kind === 'city').flatMap((s) => s.slots.filter((x) => x.length === 1)));
  if (cityEdges.size) parts.push(`a city on ${plural(cityEdges.size, 'side')}`);
  const roads = def.segments.filter((s) => s.kind === 'road').length;
  if (roads) parts.push(roads === 1 ? 'a road' : `${roads} roads`);
  // a River tile with one river edge that can be drawn is the lake (the spring is the start tile)
  const river = def.segments.find((s) => s.kind === 'river');
  if (river) parts.push(river.slots.length === 1 ? 'the lake where the river ends' : 'the river');
  if (def.centre === 'garden') parts.push('a garden');
  return `tile ${id}: ${parts.length ? joinNames(parts) : 'fields only'}`;
}

/**
 * What a screen reader hears when a turn starts: "Your turn. You drew tile E: a city on 1 side."
 * @param {any} game the server's game view @param {number} me the viewer's player index, or -1
 * @param {Record<string, import('../board/shapes.js').TileDef>} catalog
 */
export function turnAnnouncement(game, me, catalog) {
  if (!game || game.finished || !game.drawn_tile) return '';
  const who = game.players[game.current_player]?.name ?? 'Someone';
  const tile = tileWords(game.drawn_tile, catalog[game.drawn_tile]);
  return game.current_player === me ? `Your turn. You drew ${tile}.` : `${who}'s turn. ${who} drew ${tile}.`;
}

/**
 * A game's options in words: "Winter Edition, 84 tiles · with farmers · no abbot · The River".
 * @param {{tileset: string, farmers: boolean, abbot: boolean, river?: boolean}} o
 */
export function optionsText(o) {
  return [o.tileset === 'winter' ? 'Winter Edition, 84 tiles' : 'Classic, 72 tiles',
    o.farmers ? 'with farmers' : 'no farmers', o.abbot ? 'with The Abbot' : 'no abbot',
    o.river ? 'with The River' : null].filter(Boolean).join(' · ');
}

/** The table's advice level (`options.hints`) in words. */
export const ADVICE = { off: 'No hints', request: 'Hints on request', coach: 'Coach: hints and warnings' };

/** "Advice: hints on request" and the like, for everyone at the table. @param {string|undefined} level */
export function adviceText(level) {
  return `Advice: ${(ADVICE[level ?? 'off'] ?? ADVICE.off).toLowerCase()}`;
}
