// Every tile of the catalog drawn in every rotation, measured (tests/e2e/test_tiles_look.py):
// what the segment map says of each segment (its pixels, where its figure stands) and what the
// picture shows of it at a phone's size (its area painted, the marks' colours).
async ({ px }) => {
  const { tileBitmap } = await import('/static/js/board/tiles.js');
  const { segmentMap, labelOfSlot, labelAtBoard, figurePoint, slotsOfLabel, MAP } = await import('/static/js/board/segmap.js');
  const { PALETTE } = await import('/static/js/board/palette.js');
  const { GOODS_INK, TOKEN } = await import('/static/js/board/goods.js');
  const catalog = await (await fetch('/api/tiles')).json();
  const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  const inks = { inn: hex(PALETTE.innRoof), cathedral: hex(PALETTE.cathedralRoof), token: hex(TOKEN.face),
    ...Object.fromEntries(Object.entries(GOODS_INK).map(([k, v]) => [k, hex(v.fill)])) };
  // a good's glyph is a few pixels at a phone's size, blended at its edges: a wider match
  const within = { inn: 30, cathedral: 30, token: 20, wine: 60, grain: 60, cloth: 60 };
  const near = (d, i, rgb, k) => Math.abs(d[i] - rgb[0]) + Math.abs(d[i + 1] - rgb[1]) + Math.abs(d[i + 2] - rgb[2]) < within[k];
  const out = [];
  for (const [id, def] of Object.entries(catalog)) {
    const map = segmentMap(def);
    const count = new Map();
    for (const l of map.labels) count.set(l, (count.get(l) ?? 0) + 1);
    for (const rot of [0, 90, 180, 270]) {
      const bmp = tileBitmap(id, def, rot, px);
      const data = bmp.getContext('2d').getImageData(0, 0, px, px).data;
      let clear = 0;
      const colours = Object.fromEntries(Object.keys(inks).map((k) => [k, 0]));
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3] < 255) clear++;
        for (const [k, rgb] of Object.entries(inks)) if (near(data, i, rgb, k)) colours[k]++;
      }
      const segments = def.segments.map((seg, n) => {
        const label = n + 1;
        const slot = seg.slots.length ? seg.slots[0] : 'C';
        // the segment's slot as the board names it after the turn
        const boardSlot = slotsOfLabel(def, rot, label)[0] ?? null;
        const at = boardSlot && figurePoint(def, rot, boardSlot);
        return { kind: seg.kind, slots: seg.slots.length, marks: seg.marks, pixels: count.get(label) ?? 0,
          slot, boardSlot, named: boardSlot ? labelOfSlot(def, rot, boardSlot) === label : false,
          standsOn: at ? labelAtBoard(def, rot, at) === label : false };
      });
      const goods = def.segments.some((seg) => (seg.marks ?? []).some((m) => m in GOODS_INK));
      out.push({ id, rot, goods, unlabelled: count.get(0) ?? 0, clear, colours, segments, map: MAP });
    }
  }
  return out;
}
