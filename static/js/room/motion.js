// What moved on the table between two states of one game: the new tile slides into place, new
// figures drop in, figures of a scored feature go home, the completed feature flashes with
// "+N". Pure: the time is given, and the result is a patch of the board's scene.
import { scoredParts } from '../board/parts.js';

/** How long each kind of motion is kept in the scene (ms), once started. */
const KEEP_MS = { arrivals: 1000, figuresIn: 1000, departures: 1500, flashes: 3000 };
/** A figure goes home a moment after its feature lights up. */
const HOME_AFTER_MS = 250;

/**
 * @typedef {object} Motion
 * @property {Partial<import('../board/render.js').Scene>} scene the motions to draw now, with
 *   those still under way (`flashes` only when something scored)
 * @property {boolean} placed a tile was placed (it is heard)
 * @property {any[]} scored the score events of this move (the final scoring aside)
 */

/**
 * @param {any} before the game as it was @param {any} game the game now (same id)
 * @param {import('../board/render.js').Scene} shown the scene drawn now (its motions under way)
 * @param {{now: number, moving: boolean, catalog: Record<string, any>}} at the time, whether
 *   motion is welcome (else only flashes, held still), and the tile catalog
 * @returns {Motion}
 */
export function tableMotion(before, game, shown, at) {
  const { now, moving } = at;
  const keep = (kind) => shown[kind].filter((a) => now - a.start < KEEP_MS[kind]);
  const placed = game.board.length > before.board.length ? game.board.slice(before.board.length) : [];
  const key = (f) => `${f.x},${f.y},${f.at}`;
  const had = new Set(before.figures.map(key));
  const has = new Set(game.figures.map(key));
  const scene = {
    arrivals: moving ? [...keep('arrivals'), ...placed.map(({ x, y }) => ({ x, y, start: now }))] : [],
    figuresIn: moving ? [...keep('figuresIn'), ...game.figures.filter((f) => !had.has(key(f))).map((f) => ({ x: f.x, y: f.y, at: f.at, start: now }))] : [],
    departures: moving ? [...keep('departures'), ...before.figures.filter((f) => !has.has(key(f))).map((f) => ({ ...f, start: now + HOME_AFTER_MS }))] : [],
  };
  const scored = game.events.slice(before.events.length).filter((e) => !e.final);
  if (scored.length) {
    scene.flashes = [...keep('flashes'), ...scored.map((e) => ({
      // the features held are older than this move: the event's cells say what it scored
      parts: scoredParts(e, game.board, at.catalog), points: e.points, start: now,
      color: game.players[e.players[0]]?.color ?? null,
    }))];
  }
  return { scene, placed: placed.length > 0, scored };
}
