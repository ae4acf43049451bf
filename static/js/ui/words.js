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

/** Words for a figure spot: "Follower on the road", "Farmer in the field", "Abbot in the garden". */
export function spotText(spot) {
  if (spot.kind === 'abbot') return `Abbot in the ${spot.feature}`;
  if (spot.feature === 'field') return 'Farmer in the field';
  if (spot.feature === 'monastery') return 'Monk in the monastery';
  if (spot.feature === 'city') return 'Knight in the city';
  return `Thief on the road`;
}
