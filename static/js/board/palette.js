// The colours of the winter landscape, and the seeded randomness that scatters its snow, pines
// and houses the same way every time a tile is painted.

export const PALETTE = {
  // the snow: a cool mid tone, drifts lighter and hollows darker than it, wind ridges
  snow: '#dfe7ef',
  drift: ['rgba(248, 251, 254, 0.7)', 'rgba(248, 251, 254, 0)'],
  hollow: ['rgba(146, 170, 198, 0.4)', 'rgba(146, 170, 198, 0)'],
  ridge: 'rgba(255, 255, 255, 0.85)', ridgeShade: 'rgba(118, 146, 178, 0.26)',
  // a road is trodden earth and slush, dark against the snow (3:1 and more at 30 px a tile)
  road: '#7b6551', roadEdge: '#3b3027', rut: 'rgba(44, 34, 26, 0.45)',
  city: '#c9ab80', wall: '#46413b', wallTop: '#9b9389',
  roofs: ['#a3503c', '#8a5a40', '#5d6a7a', '#9b6b3c'],
  pine: '#2f5a48', pineLight: '#3f7560',
  pennant: '#2c58a6', stone: '#d3cbbd',
  court: '#8a8174', churchRoof: '#9a2f22',
  // Inns & Cathedrals: an inn's red roof and lit window, a cathedral's dark slate roof
  innRoof: '#cc1f1a', lamp: '#f5c542', cathedralRoof: '#3a4660',
  lawn: '#e9f0ea', hedge: '#23503a', bush: '#3b7453',
  bank: '#6f8ea8', ice: '#c4e2f2', iceLight: '#eef8fd', water: '#3f7fae', waterDeep: '#2a5f8a',
};

/** A small deterministic random generator seeded by the tile id. @param {string} seedText */
export function random(seedText) {
  let h = 2166136261;
  for (const ch of seedText) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}
