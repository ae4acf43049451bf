// Game events in words, for the turn log, the flashes and the results, and the figure spots'
// buttons of the tray and the review's puzzles, in the page's language
// (i18n.js: every text here is a catalogue key; names are never translated).
import { unrotateSlot } from '../board/slots.js';
import { OPTIONS } from '../net/protocol.js';
import { t, formatList } from '../i18n.js';

/** "Ann", "Ann and Bo", "Ann, Bo and Cy". @param {string[]} names */
export function joinNames(names) {
  if (names.length === 0) return t('words.nobody');
  return formatList(names);
}

/** A player's name, or "Player 2" for a seat without one. @param {{name: string}[]} players @param {number} i */
export function playerName(players, i) {
  return players[i]?.name ?? t('words.player', { n: i + 1 });
}

/** Whose feature scored: one owner, and shared by several. */
const OWNERS = {
  city: ['event.owner.city', 'event.shared.city'], road: ['event.owner.road', 'event.shared.road'],
  field: ['event.owner.field', 'event.shared.field'], monastery: ['event.owner.monastery', 'event.shared.monastery'],
  garden: ['event.owner.garden', 'event.shared.garden'], abbot: ['event.owner.abbot', 'event.shared.abbot'],
};

/** A feature's kind in words ("city"), for the inspector and the results. */
const FEATURES = {
  city: 'feature.city', road: 'feature.road', field: 'feature.field', monastery: 'feature.monastery',
  garden: 'feature.garden', river: 'feature.river',
};

/** "city", "Stadt": a kind of feature in words (an unknown kind as it is). @param {string} kind */
export function featureName(kind) {
  return FEATURES[kind] ? t(FEATURES[kind]) : kind;
}

/**
 * "Ann's city: 8 points (3 tiles, 1 pennant)".
 * @param {{feature: string, points: number, players: number[], tiles?: number,
 *   pennants?: number, cities?: number, final?: boolean}} e
 * @param {{name: string}[]} players
 */
export function eventText(e, players) {
  const names = e.players.map((i) => playerName(players, i));
  if (e.feature === 'goods') return goodsEventText(e, names);
  const shared = names.length > 1;
  const keys = OWNERS[e.feature];
  const owner = keys
    ? t(keys[shared ? 1 : 0], { name: joinNames(names) })
    : t('event.owner.other', { name: joinNames(names), feature: e.feature });
  const points = t(shared ? 'event.pointsEach' : 'event.points', { count: e.points });
  return t('event.text', { owner, points }) + detail(e);
}

/**
 * Traders & Builders: "Ann takes the city's goods: 1 wine, 2 cloth" when a city is completed,
 * "Most wine: Ann: 10 points" at the end.
 * @param {any} e @param {string[]} names
 */
function goodsEventText(e, names) {
  if (e.good) {
    const owner = t('event.goods.most', { good: GOODS_KINDS[e.good] ? t(GOODS_KINDS[e.good]) : e.good, name: joinNames(names), count: e.tokens });
    return t('event.text', { owner, points: t(names.length > 1 ? 'event.pointsEach' : 'event.points', { count: e.points }) });
  }
  return t('event.goods.taken', { name: joinNames(names), goods: goodsList(e) });
}

/** "1 wine, 2 cloth": the goods of a city or an event, the kinds it has none of left out. @param {Record<string, number>} goods */
export function goodsList(goods) {
  return formatList(Object.keys(GOODS_WORDS).filter((kind) => goods[kind] > 0).map((kind) => goodsText(kind, goods[kind])));
}

function detail(e) {
  const parts = [];
  if (e.feature === 'field' && e.cities) parts.push(t('count.completedCities', { count: e.cities }));
  else if (e.tiles && e.feature !== 'field') parts.push(t('count.tiles', { count: e.tiles }));
  if (e.pennants) parts.push(t('count.pennants', { count: e.pennants }));
  if (e.inn) parts.push(t('count.inn'));
  if (e.cathedral) parts.push(t('count.cathedral'));
  // Inns & Cathedrals: an inn road or cathedral city still open at the end is worth nothing
  if (e.final && e.points === 0 && (e.inn || e.cathedral)) parts.push(t('count.unfinishedNothing'));
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** The side of the tile a slot lies on: "north" for NNW, N and NNE. */
const SIDES = { N: 'side.N', E: 'side.E', S: 'side.S', W: 'side.W' };
function side(slot) {
  return t(SIDES[slot[0]] ?? 'side.centre');
}

/** What a figure on each kind of feature is, in a sentence ("put a knight in the city") and on a button. */
const FIGURES = {
  city: ['figure.city', 'spot.city'], road: ['figure.road', 'spot.road'], field: ['figure.field', 'spot.field'],
  monastery: ['figure.monastery', 'spot.monastery'], garden: ['figure.garden', 'spot.garden'],
};
const ABBOT = {
  monastery: ['figure.abbot.monastery', 'spot.abbot.monastery'], garden: ['figure.abbot.garden', 'spot.abbot.garden'],
};
/** The expansions' figures: a large follower goes where a follower goes; the builder on a road or city, the pig in a field. */
const LARGE = {
  city: ['figure.large.city', 'spot.large.city'], road: ['figure.large.road', 'spot.large.road'],
  field: ['figure.large.field', 'spot.large.field'], monastery: ['figure.large.monastery', 'spot.large.monastery'],
};
const BUILDER = { city: ['figure.builder.city', 'spot.builder.city'], road: ['figure.builder.road', 'spot.builder.road'] };
const PIG = { field: ['figure.pig.field', 'spot.pig.field'] };
/** Each kind of figure's words on each feature (a follower's: FIGURES). */
const KINDS = { abbot: ABBOT, large: LARGE, builder: BUILDER, pig: PIG };
/** A figure on a feature its table lacks: "a large follower on the {feature}". */
const OTHER = { large: 'figure.large.other', builder: 'figure.builder.other', pig: 'figure.pig.other' };
const SPOT_OTHER = { large: 'spot.large.other', builder: 'spot.builder.other', pig: 'spot.pig.other' };

/**
 * "a knight in the city", "the abbot in the garden", "a large thief on the road", "the builder
 * in the city", "the pig in the field" (as the log says what was put).
 * @param {string} kind "follower", "abbot", "large", "builder" or "pig" @param {string} feature
 */
export function figureWords(kind, feature) {
  const keys = (KINDS[kind] ?? FIGURES)[feature];
  return keys ? t(keys[0]) : t(OTHER[kind] ?? 'figure.other', { feature: featureName(feature) });
}

/**
 * Words for a figure spot: "Knight in the city", "Farmer in the field (north)" ...
 * @param {{kind: string, feature: string, at: string}} spot
 * @param {boolean} [where] add the side of the tile (when two spots would read the same)
 */
export function spotText(spot, where = false) {
  const keys = (KINDS[spot.kind] ?? FIGURES)[spot.feature];
  const base = keys ? t(keys[1]) : t(SPOT_OTHER[spot.kind] ?? 'spot.other', { feature: featureName(spot.feature) });
  return where ? `${base} (${side(spot.at)})` : base;
}

// The part of a tile a figure spot lies in, finer than its side: two fields on one side are
// told apart by their corners (issue 20)
const PLACES = { NNW: 'side.NW', WNW: 'side.NW', NNE: 'side.NE', ENE: 'side.NE',
  SSE: 'side.SE', ESE: 'side.SE', SSW: 'side.SW', WSW: 'side.SW' };

/**
 * Words for a figure spot with the part of the tile it lies in, "Farmer in the field
 * (north-west)", for spots whose `spotText` with the side would still read the same.
 * @param {{kind: string, feature: string, at: string}} spot
 */
export function spotPlaceText(spot) {
  return `${spotText(spot)} (${PLACES[spot.at] ? t(PLACES[spot.at]) : side(spot.at)})`;
}

/**
 * The words of each figure spot's button, each told apart from the others: by the side of the
 * tile when two read the same, by its corner when the sides are the same too.
 * @param {{kind: string, feature: string, at: string}[]} spots
 */
export function spotLabels(spots) {
  const count = (words) => (text) => spots.filter((o) => words(o) === text).length;
  const plain = count((o) => spotText(o));
  const sided = count((o) => spotText(o, true));
  return spots.map((spot) => {
    if (plain(spotText(spot)) === 1) return spotText(spot);
    return sided(spotText(spot, true)) === 1 ? spotText(spot, true) : spotPlaceText(spot);
  });
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
  const name = playerName(players, turn.player);
  if (turn.discarded) return t('turn.discarded', { name, tile: turn.discarded });
  const placed = where ? t('turn.placedWhere', { name, where }) : t('turn.placed', { name });
  if (turn.return_abbot) return t('turn.abbotBack', { placed });
  const m = turn.meeple;
  if (!m) return placed;
  const feature = featureAtSlot(catalog[turn.tile ?? ''], turn.rot ?? 0, m.at);
  return t('turn.figure', { placed, figure: figureWords(m.kind, feature) });
}

const DIRS = [[0, -1, 'dir.N'], [1, 0, 'dir.E'], [0, 1, 'dir.S'], [-1, 0, 'dir.W']];
const DIAGONALS = { '-1,-1': 'dir.NW', '1,-1': 'dir.NE', '-1,1': 'dir.SW', '1,1': 'dir.SE' };

/** "north", "2 east", "north-east", "2 east, 1 north": an offset on the board in words. */
export function offsetWords(dx, dy) {
  const ns = dy < 0 ? 'dir.N' : dy > 0 ? 'dir.S' : '';
  const ew = dx > 0 ? 'dir.E' : dx < 0 ? 'dir.W' : '';
  if (Math.abs(dx) <= 1 && Math.abs(dy) <= 1) {
    if (dx && dy) return t(DIAGONALS[`${dx},${dy}`]);
    return ns || ew ? t(ns || ew) : '';
  }
  const part = (n, dir) => (n ? t('offset.steps', { count: Math.abs(n), dir: t(dir) }) : '');
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
  if (Math.abs(x) + Math.abs(y) <= 2) return t('where.start', { offset: offsetWords(x, y) });
  let best = null;
  for (const [dx, dy, dir] of DIRS) {
    const n = placedAt.get(`${x - dx},${y - dy}`);
    if (n !== undefined && (!best || n < best.n)) best = { n, dir };
  }
  if (!best) return t('where.start', { offset: offsetWords(x, y) });
  return best.n === 0 ? t('where.start', { offset: t(best.dir) }) : t('where.turn', { dir: t(best.dir), turn: best.n });
}

/**
 * What a tile shows, briefly: "tile E: a city on 1 side", "tile L: a city on 1 side and 3 roads".
 * @param {string} id @param {import('../board/shapes.js').TileDef|undefined} def
 */
export function tileWords(id, def) {
  if (!def) return t('tile.id', { id });
  const parts = [];
  if (def.centre === 'monastery') parts.push(t('tile.monastery'));
  const cityEdges = new Set(def.segments.filter((s) => s.kind === 'city').flatMap((s) => s.slots.filter((x) => x.length === 1)));
  if (cityEdges.size) parts.push(t('tile.city', { count: cityEdges.size }));
  const roads = def.segments.filter((s) => s.kind === 'road').length;
  if (roads) parts.push(t('tile.roads', { count: roads }));
  // a River tile with one river edge that can be drawn is the lake (the spring is the start tile)
  const river = def.segments.find((s) => s.kind === 'river');
  if (river) parts.push(t(river.slots.length === 1 ? 'tile.lake' : 'tile.river'));
  if (def.centre === 'garden') parts.push(t('tile.garden'));
  const marks = new Set(def.segments.flatMap((s) => s.marks ?? []));
  if (marks.has('inn')) parts.push(t('tile.inn'));
  if (marks.has('cathedral')) parts.push(t('tile.cathedral'));
  const goods = Object.keys(GOODS_KINDS).filter((kind) => marks.has(kind));
  if (goods.length) parts.push(t('tile.goods', { goods: formatList(goods.map((kind) => t(GOODS_KINDS[kind]))) }));
  return t('tile.named', { id, parts: parts.length ? formatList(parts) : t('tile.fields') });
}

/**
 * What a screen reader hears when a turn starts: "Your turn. You drew tile E: a city on 1 side."
 * @param {any} game the server's game view @param {number} me the viewer's player index, or -1
 * @param {Record<string, import('../board/shapes.js').TileDef>} catalog
 */
export function turnAnnouncement(game, me, catalog) {
  if (!game || game.finished || !game.drawn_tile) return '';
  const name = game.players[game.current_player]?.name ?? t('words.someone');
  const tile = tileWords(game.drawn_tile, catalog[game.drawn_tile]);
  const said = game.current_player === me ? t('announce.yours', { tile }) : t('announce.theirs', { name, tile });
  return game.bonus_turn ? `${bonusTurnText()}. ${said}` : said;
}

const COLOR_NAMES = {
  red: 'color.red', blue: 'color.blue', green: 'color.green', yellow: 'color.yellow', black: 'color.black', pink: 'color.pink',
};

/** "Red", from the colour's name. @param {string} color */
export function colorName(color) {
  return COLOR_NAMES[color] ? t(COLOR_NAMES[color]) : color;
}

/** Each tile set's short name and full name. */
const TILESETS = { winter: ['tileset.winter', 'tileset.winter.full'], classic: ['tileset.classic', 'tileset.classic.full'] };

/**
 * How many tiles the box of a tile set holds, the start tile included (from the catalog).
 * @param {string} tileset @param {Record<string, import('../board/shapes.js').TileDef>} catalog
 */
export function tileCount(tileset, catalog) {
  return Object.values(catalog).reduce((sum, def) => sum + (def.count?.[tileset] ?? 0), 0);
}

/**
 * A tile set for a choice: "Winter (84 tiles)"; just "Winter" while the catalog is not here.
 * @param {string} tileset @param {Record<string, any>|null} [catalog]
 */
export function tilesetText(tileset, catalog = null) {
  const name = TILESETS[tileset] ? t(TILESETS[tileset][0]) : tileset;
  return catalog ? t('tileset.count', { name, count: tileCount(tileset, catalog) }) : name;
}

/**
 * What a screen reader hears when a game is over: "The game is over. Ann wins with 42 points."
 * @param {any} game a finished game view, with its results
 */
export function gameOverText(game) {
  const top = Math.max(...game.results.scores);
  if (top === 0) return t('over.nobody');
  const names = joinNames(game.results.winners.map((i) => game.players[i].name));
  return t(game.results.winners.length > 1 ? 'over.shared' : 'over.wins', { names, count: top });
}

/** The options a room ticks on or off, each with its name (the lobby's and the form's boxes). */
export const OPTION_CHECKS = {
  farmers: 'option.farmers', abbot: 'option.abbot', river: 'option.river',
  inns_cathedrals: 'option.inns_cathedrals', traders_builders: 'option.traders_builders',
};

/** "Inns & Cathedrals": a room option's name. @param {string} key */
export function optionName(key) {
  return OPTION_CHECKS[key] ? t(OPTION_CHECKS[key]) : key;
}

/**
 * A game's options in words: "Winter Edition, 84 tiles · with farmers · no abbot · The River".
 * @param {{tileset: string, farmers: boolean, abbot: boolean, river?: boolean,
 *   inns_cathedrals?: boolean, traders_builders?: boolean}} o
 * @param {Record<string, any>} catalog
 */
export function optionsText(o, catalog) {
  // an expansion's tiles are counted under its option's name in the catalog
  const tiles = [o.tileset, ...EXPANSIONS.filter((key) => o[key])].reduce((sum, key) => sum + tileCount(key, catalog), 0);
  const name = TILESETS[o.tileset] ? t(TILESETS[o.tileset][1]) : o.tileset;
  return [t('options.tiles', { name, count: tiles }),
    t(o.farmers ? 'options.farmers' : 'options.noFarmers'), t(o.abbot ? 'options.abbot' : 'options.noAbbot'),
    ...['river', ...EXPANSIONS].map((key) => (o[key] ? t(OPTIONS_WITH[key]) : null)),
  ].filter(Boolean).join(' · ');
}

/** The options that bring an expansion's tiles. */
const EXPANSIONS = ['inns_cathedrals', 'traders_builders'];

/** "with The River" and the like: a ticked option in a game's options line. */
const OPTIONS_WITH = {
  river: 'options.river', inns_cathedrals: 'options.inns_cathedrals', traders_builders: 'options.traders_builders',
};

/** What the banner and the tray say when the builder earned a double turn. */
export function bonusTurnText() {
  return t('bonus.builder');
}

/** The expansions' figures (the player panel): "Large follower in hand", "Builder on the board". */
const FIGURE_PLACES = {
  large: ['players.large.hand', 'players.large.board'], builder: ['players.builder.hand', 'players.builder.board'],
  pig: ['players.pig.hand', 'players.pig.board'],
};

/** @param {string} kind "large", "builder" or "pig" @param {boolean} inHand */
export function figurePlaceText(kind, inHand) {
  const keys = FIGURE_PLACES[kind];
  return keys ? t(keys[inHand ? 0 : 1]) : kind;
}

/** "3 wine", "Wein: 3": a player's goods tokens of a kind (Traders & Builders). */
const GOODS_WORDS = { wine: 'goods.wine', grain: 'goods.grain', cloth: 'goods.cloth' };
/** A kind of goods as a word ("wine"). */
const GOODS_KINDS = { wine: 'goods.kind.wine', grain: 'goods.kind.grain', cloth: 'goods.kind.cloth' };

/** @param {string} kind "wine", "grain" or "cloth" @param {number} count */
export function goodsText(kind, count) {
  return GOODS_WORDS[kind] ? t(GOODS_WORDS[kind], { count }) : `${count} ${kind}`;
}

/** The table's advice levels (`options.hints`) and their words: a choice, and a line for the table. */
const ADVICE = {
  off: ['advice.off', 'advice.line.off'], request: ['advice.request', 'advice.line.request'],
  coach: ['advice.coach', 'advice.line.coach'],
};

/** "Hints on request": an advice level as a choice. @param {string} level */
export function adviceName(level) {
  return t((ADVICE[level] ?? ADVICE[OPTIONS.hints.default])[0]);
}

/** "Advice: hints on request" and the like, for everyone at the table. @param {string|undefined} level */
export function adviceText(level) {
  return t((ADVICE[level ?? OPTIONS.hints.default] ?? ADVICE[OPTIONS.hints.default])[1]);
}
