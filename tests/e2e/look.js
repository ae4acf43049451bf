// Measures the board's look on the canvas of a room page (test_board_look.py evaluates this
// function in the page): it reads the board's own modules for where things are drawn and the
// canvas's pixels for how they came out.
//   {kind: 'board'}: at the camera's zoom, for every tile wholly in view and without a figure,
//     the WCAG contrast ratio between the field around and a road's middle, a city wall, a
//     monastery, a garden;
//   {kind: 'figure', index}: for figure `index` of the state (drawn large enough to read), the
//     share of sample points on its emblem that show the emblem's ink inside the emblem's
//     outline and the figure's colour outside it.
async (task) => {
  const shapes = await import('/static/js/board/shapes.js');
  const { rotatePoint, EDGES } = await import('/static/js/board/slots.js');
  const { labelAtBoard, CENTRE, figurePoint } = await import('/static/js/board/segmap.js');
  const g = window.__game;
  const catalog = g.scene.catalog;
  const canvas = document.getElementById('board');
  const ctx = canvas.getContext('2d');
  const dpr = canvas.width / canvas.clientWidth;

  const luminance = ([r, g2, b]) => {
    const lin = (c) => { const v = c / 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * lin(r) + 0.7152 * lin(g2) + 0.0722 * lin(b);
  };
  const ratio = (a, b) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  /** the colour at a point of a cell, device pixels, [r, g, b] */
  const pixel = (x, y, u, v) => {
    const [sx, sy] = g.screenOf(x, y, u, v);
    const d = ctx.getImageData(Math.floor(sx * dpr), Math.floor(sy * dpr), 1, 1).data;
    return [d[0], d[1], d[2]];
  };
  const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
  const kindAt = (def, rot, u, v) => {
    const label = labelAtBoard(def, rot, [u, v]);
    if (label === CENTRE) return def.centre;
    return label ? def.segments[label - 1].kind : null;
  };

  if (task.kind === 'figure') {
    const { emblemOf, EMBLEM_OUTLINES } = await import('/static/js/board/emblems.js');
    const { figurePicture, figureSize, emblemBox } = await import('/static/js/board/figures.js');
    const { colorHex, inkOn } = await import('/static/js/board/colors.js');
    const fig = g.state.game.figures[task.index];
    const placed = g.state.game.board.find((p) => p.x === fig.x && p.y === fig.y);
    const def = catalog[placed.tile];
    const color = g.scene.colors[fig.player];
    const picture = figurePicture(fig);
    const [u, v] = figurePoint(def, placed.rot, fig.at);
    const [fx, fy] = g.screenOf(fig.x, fig.y, u, v);
    const unit = figureSize(picture, g.camera.scale * dpr, dpr) * 0.8 / dpr; // CSS px per figure unit
    const [cx, cy, size] = emblemBox(picture);
    const outline = EMBLEM_OUTLINES[emblemOf(color)];
    // how far (emblem units) a point is inside the outline: negative outside
    const depth = (p) => {
      let inside = false;
      let near = Infinity;
      for (let i = 0, j = outline.length - 1; i < outline.length; j = i++) {
        const [a, b] = [outline[i], outline[j]];
        if ((a[1] > p[1]) !== (b[1] > p[1]) && p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
        const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
        const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)));
        near = Math.min(near, Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy));
      }
      return inside ? near : -near;
    };
    const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
    const ink = hex(inkOn(color));
    const fill = hex(colorHex(color).fill);
    const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    const margin = 1.2 / (size * unit); // a pixel and a bit: anti-aliased edges are neither
    let inside = 0;
    let outside = 0;
    let right = 0;
    const N = 10;
    for (let i = 0; i < N; i++) {
      for (let j = 0; j < N; j++) {
        const p = [(i + 0.5) / N, (j + 0.5) / N];
        const d = depth(p);
        if (Math.abs(d) < margin) continue;
        const sx = fx + (cx + (p[0] - 0.5) * size) * unit;
        const sy = fy + (cy + (p[1] - 0.5) * size) * unit;
        const px = ctx.getImageData(Math.floor(sx * dpr), Math.floor(sy * dpr), 1, 1).data;
        const seen = [px[0], px[1], px[2]];
        const inkish = dist(seen, ink) < dist(seen, fill);
        if (d > 0) inside++;
        else outside++;
        if (inkish === d > 0) right++;
      }
    }
    return { color, picture, emblem: emblemOf(color), unit, inside, outside,
      share: right / Math.max(1, inside + outside) };
  }

  const occupied = new Set(g.state.game.figures.map((f) => `${f.x},${f.y}`));
  const out = { scale: g.camera.scale, dpr, roads: [], walls: [], monasteries: [], gardens: [] };
  for (const p of g.state.game.board) {
    const def = catalog[p.tile];
    if (!def || occupied.has(`${p.x},${p.y}`) || !g.inView(p.x, p.y) || shapes.riverSegment(def)) continue;
    // the field: the median luminance of the field points clear of everything else
    const field = [];
    for (let i = 0; i < 10; i++) {
      for (let j = 0; j < 10; j++) {
        const [u, v] = [(i + 0.5) / 10, (j + 0.5) / 10];
        const clear = [[0, 0], [0.09, 0], [-0.09, 0], [0, 0.09], [0, -0.09]]
          .every(([du, dv]) => kindAt(def, p.rot, u + du, v + dv) === 'field');
        if (clear) field.push(luminance(pixel(p.x, p.y, u, v)));
      }
    }
    if (field.length < 6) continue;
    const ground = median(field);
    const cell = `${p.x},${p.y}`;
    for (const seg of def.segments) {
      if (seg.kind === 'road') {
        const [u, v] = rotatePoint(shapes.pointOn(shapes.roadCurve(def, seg), 0.3), p.rot);
        out.roads.push({ cell, tile: p.tile, ratio: ratio(luminance(pixel(p.x, p.y, u, v)), ground) });
      }
      // a city on one edge: its wall crosses the edge's middle line 0.27 in from the edge
      const edges = EDGES.filter((e) => seg.slots.includes(e));
      if (seg.kind === 'city' && edges.length === 1) {
        const i = (EDGES.indexOf(edges[0]) + p.rot / 90) % 4;
        const at = (d) => [[0.5, d], [1 - d, 0.5], [0.5, 1 - d], [d, 0.5]][i];
        if (kindAt(def, p.rot, ...at(0.45)) !== 'field') continue;
        const wall = Math.min(...[0.26, 0.27, 0.28].map((d) => luminance(pixel(p.x, p.y, ...at(d)))));
        out.walls.push({ cell, tile: p.tile, ratio: ratio(wall, ground) });
      }
    }
    // a monastery or a garden: the share of its area that stands out from the field (3:1)
    if (def.centre) {
      const [cu, cv] = def.centre === 'monastery'
        ? rotatePoint(shapes.monasteryCentre(def), p.rot)
        : figurePoint(def, p.rot, 'C');
      const r = def.centre === 'monastery' ? shapes.MONASTERY_HALF : 0.11;
      let n = 0;
      let strong = 0;
      for (let i = 0; i < 9; i++) {
        for (let j = 0; j < 9; j++) {
          const [du, dv] = [((i + 0.5) / 9 - 0.5) * 2 * r, ((j + 0.5) / 9 - 0.5) * 2 * r];
          if (def.centre === 'garden' && Math.hypot(du, dv) > r) continue;
          n++;
          if (ratio(luminance(pixel(p.x, p.y, cu + du, cv + dv)), ground) >= 3) strong++;
        }
      }
      out[def.centre === 'monastery' ? 'monasteries' : 'gardens'].push({ cell, tile: p.tile, share: strong / n });
    }
  }
  return out;
}
