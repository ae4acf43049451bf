// How colours look to eyes with each common colour blindness, and how far apart two colours
// look: for the palette's tests. Pure functions on `#rrggbb` strings.
//
// Simulation: Machado, Oliveira and Fernandes (2009), "A physiologically-based model for
// simulation of color vision deficiency", the matrices for full severity, applied to linear
// sRGB. Distance: CIEDE2000 (Sharma, Wu and Dalal 2005) between CIELAB colours (D65).

const MATRICES = {
  protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
  deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]],
  tritanopia: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.3039]],
};
/** The visions a palette must work for: normal and the three dichromacies. */
export const VISIONS = ['normal', ...Object.keys(MATRICES)];

const toLinear = (c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const toGamma = (c) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);
const channels = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);

/** The colour as seen with `vision` (`normal` sees it as it is). @param {string} hex @param {string} vision */
export function simulate(hex, vision) {
  if (vision === 'normal') return hex.toLowerCase();
  const rgb = channels(hex).map(toLinear);
  const seen = MATRICES[vision].map((row) => Math.min(1, Math.max(0, row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2])));
  return `#${seen.map((c) => Math.round(toGamma(c) * 255).toString(16).padStart(2, '0')).join('')}`;
}

/** CIELAB (D65) of a `#rrggbb` colour. @returns {[number, number, number]} */
export function lab(hex) {
  const [r, g, b] = channels(hex).map(toLinear);
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/**
 * CIEDE2000 colour difference of two CIELAB colours (about 1: just noticeable side by side;
 * 10 and more: clearly different colours).
 * @param {[number, number, number]} lab1 @param {[number, number, number]} lab2
 */
export function deltaE2000([L1, a1, b1], [L2, a2, b2]) {
  const deg = Math.PI / 180;
  const meanC = (Math.hypot(a1, b1) + Math.hypot(a2, b2)) / 2;
  const G = 0.5 * (1 - Math.sqrt(meanC ** 7 / (meanC ** 7 + 25 ** 7)));
  const [ap1, ap2] = [(1 + G) * a1, (1 + G) * a2];
  const [C1, C2] = [Math.hypot(ap1, b1), Math.hypot(ap2, b2)];
  const hue = (b, ap) => (b === 0 && ap === 0 ? 0 : ((Math.atan2(b, ap) / deg) + 360) % 360);
  const [h1, h2] = [hue(b1, ap1), hue(b2, ap2)];
  let dh = 0;
  if (C1 * C2 !== 0) dh = h2 - h1 > 180 ? h2 - h1 - 360 : h2 - h1 < -180 ? h2 - h1 + 360 : h2 - h1;
  const dL = L2 - L1;
  const dC = C2 - C1;
  const dH = 2 * Math.sqrt(C1 * C2) * Math.sin((dh * deg) / 2);
  const meanL = (L1 + L2) / 2;
  const meanCp = (C1 + C2) / 2;
  let meanH = h1 + h2;
  if (C1 * C2 !== 0) meanH = (Math.abs(h1 - h2) > 180 ? meanH + (meanH < 360 ? 360 : -360) : meanH) / 2;
  const T = 1 - 0.17 * Math.cos((meanH - 30) * deg) + 0.24 * Math.cos(2 * meanH * deg)
    + 0.32 * Math.cos((3 * meanH + 6) * deg) - 0.2 * Math.cos((4 * meanH - 63) * deg);
  const rotation = 30 * Math.exp(-(((meanH - 275) / 25) ** 2));
  const RC = 2 * Math.sqrt(meanCp ** 7 / (meanCp ** 7 + 25 ** 7));
  const SL = 1 + (0.015 * (meanL - 50) ** 2) / Math.sqrt(20 + (meanL - 50) ** 2);
  const SC = 1 + 0.045 * meanCp;
  const SH = 1 + 0.015 * meanCp * T;
  const RT = -Math.sin(2 * rotation * deg) * RC;
  return Math.sqrt((dL / SL) ** 2 + (dC / SC) ** 2 + (dH / SH) ** 2 + RT * (dC / SC) * (dH / SH));
}

/** How far apart two `#rrggbb` colours look with `vision`. */
export function distance(a, b, vision) {
  return deltaE2000(lab(simulate(a, vision)), lab(simulate(b, vision)));
}
