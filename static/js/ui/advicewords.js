// What advice says, in the reader's language: a hint's or a check's `why` (a code and its
// arguments, app/bots/phrases.py) worded from the catalogue. Players come as indices and are
// named here; the reader is "you". A code this client has no words for reads as the server's
// English sentence, which comes beside it.
import { t, formatList } from '../i18n.js';
import { goodsText } from './words.js';

/** The kinds of feature advice names, and the words for each: yours, someone's, shared, one of them. */
const KINDS = ['city', 'road', 'field', 'monastery', 'garden'];
const YOUR = { city: 'advice.your.city', road: 'advice.your.road', field: 'advice.your.field', monastery: 'advice.your.monastery', garden: 'advice.your.garden' };
const WHOSE = { city: 'advice.whose.city', road: 'advice.whose.road', field: 'advice.whose.field', monastery: 'advice.whose.monastery', garden: 'advice.whose.garden' };
const SHARED = { city: 'advice.shared.city', road: 'advice.shared.road', field: 'advice.shared.field', monastery: 'advice.shared.monastery', garden: 'advice.shared.garden' };
const ONE = { monastery: 'advice.a.monastery', garden: 'advice.a.garden' };
/** Finishing a feature of the player's, one or several. */
const FINISH = { city: 'advice.finish.city', road: 'advice.finish.road', monastery: 'advice.finish.monastery', garden: 'advice.finish.garden' };
const FINISH_N = { city: 'advice.finishN.city', road: 'advice.finishN.road', monastery: 'advice.finishN.monastery', garden: 'advice.finishN.garden' };
/** The followers of a kind: many ("more knights"), and the player's own, counted ("your 2 knights"). */
const FOLLOWERS = { city: 'advice.followers.city', road: 'advice.followers.road', field: 'advice.followers.field' };
const FIGURES = { city: 'advice.figures.city', road: 'advice.figures.road', field: 'advice.figures.field' };
/** Who has more followers on a feature. */
const MORE = { city: 'advice.more.city', road: 'advice.more.road', field: 'advice.more.field' };
/** A move that finishes an opponent's feature, per kind. */
const GIFT = { city: 'advice.gift.city', road: 'advice.gift.road', monastery: 'advice.gift.monastery', garden: 'advice.gift.garden' };
/** The expansions' advice on a road or city, per kind: a large follower, an open inn road or cathedral city, the builder. */
const LARGE = { city: 'advice.places_large.city', road: 'advice.places_large.road' };
const RISKY = { city: 'advice.places_risky.city', road: 'advice.places_risky.road' };
const RISKY_LARGE = { city: 'advice.places_risky.large.city', road: 'advice.places_risky.large.road' };
const BUILDER = { city: 'advice.places_builder.city', road: 'advice.places_builder.road' };
const RISKY_LATE = { city: 'advice.risky_late.city', road: 'advice.risky_late.road' };
/** The goods a city holds, in the order the server names them. */
const GOODS = ['wine', 'grain', 'cloth'];

/**
 * The sentence of a hint's or a check's `why`, else its English (`reason` of a hint, `warning`
 * of a check) as the server wrote it.
 * @param {{code: string, args: Record<string, any>}|null|undefined} why
 * @param {string|null|undefined} english
 * @param {{name: string}[]} players in game order
 */
export function adviceWords(why, english, players) {
  const said = why ? clause(why.code, why.args ?? {}, players) : null;
  if (!said) return english ?? '';
  return `${said[0].toUpperCase()}${said.slice(1)}${t('advice.stop')}`;
}

function names(list, players) {
  return formatList((list ?? []).map((i) => players[i]?.name ?? '?'));
}

function known(kind) {
  return KINDS.includes(kind);
}

/** The clause of a code, or null when this client cannot word it. */
function clause(code, a, players) {
  const kind = a.kind;
  if (kind !== undefined && !known(kind)) return null;
  const who = (list) => names(list, players);
  const whose = () => (a.sharers?.length ? t(SHARED[kind], { names: who(a.sharers) }) : t(YOUR[kind]));
  const owners = () => t(WHOSE[kind], { names: who(a.owners) });
  const more = (list) => (MORE[kind] ? t(MORE[kind], { names: who(list), count: list?.length ?? 1 }) : null);
  switch (code) {
    case 'scores': return scores(a, players);
    case 'places_knight': return t('advice.places_knight', { count: a.tiles, closed: a.closed, open: a.open });
    case 'places_thief': return t('advice.places_thief', { count: a.tiles, points: a.points });
    case 'places_farmer':
      return a.cities ? t('advice.places_farmer', { count: a.cities, points: a.points }) : t('advice.places_farmer.none');
    case 'places_monk': return ONE[kind] ? t('advice.places_monk', { one: t(ONE[kind]), tiles: a.tiles, around: a.around }) : null;
    case 'places_abbot': return ONE[kind] ? t('advice.places_abbot', { one: t(ONE[kind]), tiles: a.tiles, around: a.around }) : null;
    case 'takes_over': return FOLLOWERS[kind] ? t('advice.takes_over', { owners: owners(), more: t(FOLLOWERS[kind]) }) : null;
    case 'joins_to_share': return t('advice.joins_to_share', { owners: owners() });
    case 'joins_outnumbered': {
      const leaders = more(a.leaders);
      return leaders ? t('advice.joins_outnumbered', { yours: t(YOUR[kind]), owners: owners(), leaders }) : null;
    }
    case 'field_grows': {
      const field = a.sharers?.length ? t(SHARED.field, { names: who(a.sharers) }) : t(YOUR.field);
      return a.cities ? t('advice.field_grows', { whose: field, count: a.cities, points: a.points })
        : t('advice.field_grows.none', { whose: field });
    }
    case 'extends': return t('advice.extends', { whose: whose(), count: a.tiles });
    case 'adds_to': return t('advice.adds_to', { whose: whose(), tiles: a.tiles, around: a.around });
    case 'no_figure': return t('advice.no_figure');
    case 'adds_next_to': return t('advice.adds_next_to', { owners: owners(), tiles: a.tiles, around: a.around });
    case 'gift': {
      if (!GIFT[kind]) return null;
      const takers = t(WHOSE[kind], { names: who(a.takers) });
      return t(GIFT[kind], { takers, score: t('advice.gift.score', { names: who(a.takers), count: a.takers?.length ?? 1, points: a.points }) });
    }
    case 'outnumbered': {
      const leaders = more(a.leaders);
      if (!leaders || !FIGURES[kind]) return null;
      return t('advice.outnumbered', { yours: t(FIGURES[kind], { count: a.figures }), whose: t(WHOSE[kind], { names: who(a.leaders) }), leaders });
    }
    case 'places_large': return LARGE[kind] ? t(LARGE[kind], { count: a.tiles, closed: a.closed, open: a.open }) : null;
    case 'places_risky': {
      const keys = a.large ? RISKY_LARGE : RISKY;
      return keys[kind] ? t(keys[kind], { count: a.tiles, closed: a.closed }) : null;
    }
    case 'places_builder': return BUILDER[kind] ? t(BUILDER[kind], { count: a.tiles }) : null;
    case 'places_pig':
      return a.cities ? t('advice.places_pig', { count: a.cities, points: a.points }) : t('advice.places_pig.none');
    case 'bonus_turn': return a.points ? t('advice.bonus_turn.points', { points: a.points }) : t('advice.bonus_turn');
    case 'takes_goods': {
      const goods = GOODS.filter((good) => a[good]).map((good) => goodsText(good, a[good]));
      return goods.length ? t('advice.takes_goods', { goods: formatList(goods) }) : null;
    }
    case 'risky_late': return RISKY_LATE[kind] ? t(RISKY_LATE[kind], { count: a.tiles, left: a.left }) : null;
    default: return null;
  }
}

function scores(a, players) {
  const parts = [];
  for (const item of a.done ?? []) {
    if (item.kind === 'abbot') parts.push(t('advice.done.abbot'));
    else if (!FINISH[item.kind]) return null;
    else parts.push(item.count === 1 ? t(FINISH[item.kind]) : t(FINISH_N[item.kind], { count: item.count }));
  }
  const done = formatList(parts);
  if (!a.figure) return t('advice.scores', { done, points: a.points });
  const figure = clause(a.figure.code, a.figure.args ?? {}, players);
  return figure ? t('advice.scores.figure', { done, points: a.points, figure }) : null;
}
