// Draws every figure picture in every colour, a board with one figure of each kind, and the
// goods, with the page's own modules in Chromium's canvas, and measures what came out
// (test_figures_look.py evaluates this function in a page of the site).
async () => {
  const { PICTURES, figureBitmap, emblemBox, figureImageURL } = await import('/static/js/board/figures.js');
  const { emblemOf, EMBLEM_OUTLINES } = await import('/static/js/board/emblems.js');
  const { colorHex, inkOn } = await import('/static/js/board/colors.js');
  const { COLOR_HEX } = await import('/static/js/net/protocol.js');
  const { createRenderer, emptyScene } = await import('/static/js/board/render.js');
  const { createCamera } = await import('/static/js/board/camera.js');
  const { GOODS, GOODS_INK, TOKEN, goodsImageURL } = await import('/static/js/board/goods.js');
  const { tileBitmap } = await import('/static/js/board/tiles.js');
  const catalog = await (await fetch('/api/tiles')).json();

  const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  const inside = (poly, [x, y]) => {
    let yes = false;
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
      const [[xi, yi], [xj, yj]] = [poly[i], poly[j]];
      if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) yes = !yes;
    }
    return yes;
  };
  const pixels = (bmp) => {
    const c = Object.assign(document.createElement('canvas'), { width: bmp.width, height: bmp.height });
    const ctx = c.getContext('2d', { willReadFrequently: true });
    ctx.drawImage(bmp, 0, 0);
    return ctx.getImageData(0, 0, bmp.width, bmp.height);
  };
  const at = (img, x, y) => {
    const i = (Math.floor(y) * img.width + Math.floor(x)) * 4;
    return [img.data[i], img.data[i + 1], img.data[i + 2], img.data[i + 3]];
  };

  // every picture in every colour: its body in the colour, its emblem in the ink
  const PX = 96;
  const pictures = [];
  for (const picture of Object.keys(PICTURES)) {
    for (const color of Object.keys(COLOR_HEX)) {
      const img = pixels(figureBitmap(picture, color, PX));
      const fill = hex(colorHex(color).fill);
      const ink = hex(inkOn(color));
      let body = 0;
      let top = PX;
      let bottom = 0;
      let left = PX;
      let right = 0;
      for (let y = 0; y < PX; y++) {
        for (let x = 0; x < PX; x++) {
          const p = at(img, x, y);
          if (p[3] > 200 && dist(p, fill) < 30) body++;
          if (p[3] > 128) [top, bottom, left, right] = [Math.min(top, y), Math.max(bottom, y), Math.min(left, x), Math.max(right, x)];
        }
      }
      const [cx, cy, size] = emblemBox(picture);
      const unit = PX * 0.8;
      const outline = EMBLEM_OUTLINES[emblemOf(color)];
      let right2 = 0;
      let n = 0;
      for (let i = 0; i < 12; i++) {
        for (let j = 0; j < 12; j++) {
          const q = [(i + 0.5) / 12, (j + 0.5) / 12];
          // leave out the points near the outline: anti-aliased pixels are neither
          const near = [[0.06, 0], [-0.06, 0], [0, 0.06], [0, -0.06]].some(([dx, dy]) => inside(outline, [q[0] + dx, q[1] + dy]) !== inside(outline, q));
          if (near) continue;
          const p = at(img, PX / 2 + (cx + (q[0] - 0.5) * size) * unit, PX / 2 + (cy + (q[1] - 0.5) * size) * unit);
          n++;
          if ((dist(p, ink) < dist(p, fill)) === inside(outline, q)) right2++;
        }
      }
      pictures.push({ picture, color, body, width: right - left + 1, height: bottom - top + 1, emblem: right2 / n,
        clipped: top === 0 || left === 0 || bottom === PX - 1 || right === PX - 1 });
    }
  }

  // a board with one figure of each kind on the same tile, drawn by the renderer
  const canvas = Object.assign(document.createElement('canvas'), { className: 'board' });
  Object.assign(canvas.style, { position: 'fixed', left: '0', top: '0', width: '700px', height: '160px' });
  document.body.append(canvas);
  const kinds = [['follower', 'road'], ['abbot', 'monastery'], ['large', 'road'], ['builder', 'road'], ['pig', 'field'],
    ['follower', 'field'], ['large', 'field']];
  const camera = Object.assign(createCamera(), { x: kinds.length / 2, y: 0.5, scale: 100 });
  const scene = Object.assign(emptyScene(), {
    catalog,
    board: kinds.map((_, i) => ({ x: i, y: 0, tile: 'B', rot: 0 })),
    figures: kinds.map(([kind, feature], i) => ({ player: 0, kind, x: i, y: 0, at: 'C', feature })),
    colors: ['blue'],
  });
  const renderer = createRenderer(canvas, () => scene, () => camera);
  renderer.drawNow();
  const board = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
  const blue = hex(colorHex('blue').fill);
  const drawn = kinds.map(([kind, feature], i) => {
    const mask = new Set();
    for (let y = 0; y < 100; y++) {
      for (let x = 0; x < 100; x++) if (dist(at(board, i * 100 + x, 30 + y), blue) < 30) mask.add(y * 100 + x);
    }
    return { kind, feature, mask };
  });
  const overlap = (a, b) => {
    const both = [...a].filter((c) => b.has(c)).length;
    return both / (a.size + b.size - both);
  };
  canvas.remove();
  const on = drawn.map(({ kind, feature, mask }) => ({ kind, feature, area: mask.size,
    likeFollower: overlap(mask, drawn[0].mask) }));

  // the goods: as images for a panel, and on a city of a tile whose segment names them
  const goods = [];
  for (const kind of GOODS) {
    const url = goodsImageURL(kind, 32);
    const image = new Image();
    image.src = url;
    await image.decode();
    const img = pixels(image);
    let ink = 0;
    let face = 0;
    for (let y = 0; y < 32; y++) {
      for (let x = 0; x < 32; x++) {
        const p = at(img, x, y);
        if (dist(p, hex(GOODS_INK[kind].fill)) < 40) ink++;
        if (dist(p, hex(TOKEN.face)) < 20) face++;
      }
    }
    const def = structuredClone(catalog.E);
    def.segments[0].marks = [kind];
    const plain = pixels(tileBitmap('E', catalog.E, 90, 128));
    const marked = pixels(tileBitmap(`E+${kind}`, def, 90, 128));
    let token = 0;
    for (let i = 0; i < marked.data.length; i += 4) {
      const p = [marked.data[i], marked.data[i + 1], marked.data[i + 2]];
      const q = [plain.data[i], plain.data[i + 1], plain.data[i + 2]];
      if (dist(p, hex(TOKEN.face)) < 20 && dist(q, hex(TOKEN.face)) >= 20) token++;
    }
    goods.push({ kind, size: [image.naturalWidth, image.naturalHeight], ink, face, token, url: url.slice(0, 22) });
  }
  const icon = new Image();
  icon.src = figureImageURL('builder', 'pink', 28);
  await icon.decode();
  return { pictures, on, goods, icon: [icon.naturalWidth, icon.naturalHeight] };
}
