// The players' colours as painted: the server's hex values (COLOR_HEX), looked up in one place,
// the ink that reads on each, and each colour's emblem. The page's colour chips take them as
// CSS custom properties.
import { COLORS, COLOR_HEX } from '../net/protocol.js';
import { emblemOf, emblemClip } from './emblems.js';

/** The dark ink written on a light colour (an emblem, the marker's lap count, a log line's points). */
const DARK_INK = '#3b2a00';
const WHITE = '#ffffff';

/**
 * The fill and edge of a player colour; an unknown colour (or none) is painted in the first.
 * @param {string|null|undefined} color
 * @returns {{fill: string, edge: string}}
 */
export function colorHex(color) {
  return COLOR_HEX[color ?? ''] ?? COLOR_HEX[COLORS[0]];
}

/**
 * Relative luminance of a `#rrggbb` colour (WCAG 2).
 * @param {string} hex
 */
export function luminance(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two `#rrggbb` colours, 1 to 21. @param {string} a @param {string} b */
export function contrast(a, b) {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The ink for text and emblems on a player colour: white or the dark ink, whichever stands
 * out more from it. @param {string|null|undefined} color
 */
export function inkOn(color) {
  const fill = colorHex(color).fill;
  return contrast(fill, WHITE) >= contrast(fill, DARK_INK) ? WHITE : DARK_INK;
}

/**
 * The CSS custom properties that paint an element in a player colour, for the `style` of
 * `ui/dom.js` `h()`: `--pc` its fill, `--pc-ink` text on it, `--pc-lift` the shadow that lifts
 * white text off it (none under the dark ink), `--pc-emblem` the colour's emblem as a
 * clip-path (board.css draws it on colour chips and figure icons).
 * @param {string|null|undefined} color
 */
export function colorStyle(color) {
  const ink = inkOn(color);
  return { '--pc': colorHex(color).fill, '--pc-ink': ink, '--pc-lift': ink === DARK_INK ? 'none' : '0 1px 1px rgba(0, 0, 0, 0.4)',
    '--pc-emblem': emblemClip(emblemOf(color)) };
}
