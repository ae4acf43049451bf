"""Every tile is drawn whole, in every rotation (tests/e2e/tiles_look.js in Chromium): each
segment of the catalog, the inner fields of Inns & Cathedrals and Traders & Builders included,
has its own stretch of the segment map, its slot names it, and a figure put on it stands on
it; the picture at a phone's 40 px and a laptop's 96 px has no gap; an inn and a cathedral
show in their own colour on the tiles that carry them and on no other, a good's token on its
tiles only, with the good's colour."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

MEASURE = (Path(__file__).parent / "tiles_look.js").read_text()
PHONE_PX = 40
# a tile on a laptop's board, where tiles are drawn with their details (64 px and up)
DESKTOP_PX = 96
SCREENS = {"phone": {"width": 375, "height": 812, "touch": True},
           "desktop": {"width": 1280, "height": 800}}
# the least share of the 64x64 segment map a segment covers (a road's stub, a field's corner)
LEAST = 30
# the least pixels of a mark's own colour at 40 px a tile: an inn's roof and a cathedral read on
# a phone by colour; a good's glyph is a few blended pixels there, and reads by its token
MARK_PX = {"inn": 12, "cathedral": 30, "wine": 1, "grain": 1, "cloth": 1}
# the least pixels of a good's token face at 40 px a tile (its disc is 11 px wide there)
TOKEN_PX = 4
# a good's colours at the wider match a glyph needs are also a roof's or a pennant's: tiles
# without goods are not asked to show none
GOODS = ("wine", "grain", "cloth")


@pytest.mark.parametrize(("px", "screen"), [(PHONE_PX, "phone"), (DESKTOP_PX, "desktop")])
def test_every_tile_draws_every_segment_and_mark(live_server, new_page, artifacts, px, screen):
    page = new_page(**SCREENS[screen])
    page.goto(live_server + "/")
    tiles = page.evaluate(MEASURE, {"px": px})
    ids = {t["id"] for t in tiles}
    expansion = {f"I{n:02}" for n in range(1, 19)} | {f"T{n:02}" for n in range(1, 25)}
    assert expansion <= ids, expansion - ids
    assert len(tiles) == 4 * len(ids)
    inner = 0
    wrong = []
    # a mark's colours stand alone at a phone's size; larger, a pennant's white cross and the
    # houses' slate roofs come near a token's face and a cathedral's roof
    alone = px == PHONE_PX
    for tile in tiles:
        where = f"{tile['id']} at {tile['rot']}"
        if tile["unlabelled"] or tile["clear"]:
            wrong.append((where, "gap", tile["unlabelled"], tile["clear"]))
        for seg in tile["segments"]:
            if seg["kind"] == "river":
                continue
            inner += seg["slots"] == 0
            if seg["pixels"] < LEAST or not (seg["named"] and seg["standsOn"]):
                wrong.append((where, seg))
        marks = {m for seg in tile["segments"] for m in seg["marks"]}
        for mark, least in MARK_PX.items():
            shown = tile["colours"][mark]
            if (shown < least) if mark in marks else (shown > 2 and mark not in GOODS and alone):
                wrong.append((where, mark, shown))
        # a good's token: its cream face, on the tiles with goods and nowhere else
        token = tile["colours"]["token"]
        if (token < TOKEN_PX) if tile["goods"] else (token > 2 and alone):
            wrong.append((where, "token", token))
    assert not wrong, "\n".join(map(str, wrong))
    # I03, T05, T06, T07 and T08, in four rotations
    assert inner == 5 * 4, inner
    # a sheet of the expansions' tiles as a phone's board shows them, to look at
    page.evaluate(SHEET, {"px": px, "ids": sorted(expansion)})
    page.locator("#sheet").screenshot(path=str(artifacts / f"tiles-expansions-{px}px.png"))


SHEET = """async ({ px, ids }) => {
  const { tileBitmap } = await import('/static/js/board/tiles.js');
  const catalog = await (await fetch('/api/tiles')).json();
  const c = Object.assign(document.createElement('canvas'), { id: 'sheet', width: 8 * (px + 2),
    height: Math.ceil(ids.length / 2) * (px + 2) });
  document.body.replaceChildren(c);
  const ctx = c.getContext('2d');
  ids.forEach((id, n) => [0, 90, 180, 270].forEach((rot, r) => {
    const bmp = tileBitmap(id, catalog[id], rot, px);
    ctx.drawImage(bmp, ((n % 2) * 4 + r) * (px + 2), Math.floor(n / 2) * (px + 2));
  }));
}"""
