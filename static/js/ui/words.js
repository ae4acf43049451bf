// Game events in words, for the turn log, the flashes and the results.

export const FEATURE_WORDS = {
  road: 'road', city: 'city', field: 'field', monastery: 'monastery', garden: 'garden',
  abbot: 'abbot',
};

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
  const what = e.feature === 'abbot' ? 'abbot (taken back)' : FEATURE_WORDS[e.feature] ?? e.feature;
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

/**
 * Words for a figure spot: "Knight in the city", "Farmer in the field (north)" ...
 * @param {{kind: string, feature: string, at: string}} spot
 * @param {boolean} [where] add the side of the tile (when two spots would read the same)
 */
export function spotText(spot, where = false) {
  const base = spot.kind === 'abbot' ? `Abbot in the ${spot.feature}`
    : { field: 'Farmer in the field', monastery: 'Monk in the monastery', city: 'Knight in the city',
      road: 'Thief on the road' }[spot.feature] ?? `Follower on the ${spot.feature}`;
  return where ? `${base} (${side(spot.at)})` : base;
}
