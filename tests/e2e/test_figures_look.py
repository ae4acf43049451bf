"""The figures and goods as Chromium draws them (tests/e2e/figures_look.js): every picture in
every colour has its body in the colour and its colour's emblem, none is cut off; on a board,
each kind of figure the state may hold is drawn as itself (the large follower larger, the
builder and the pig in shapes of their own); the goods make panel images and signs on a
city."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

DRAW = (Path(__file__).parent / "figures_look.js").read_text()


def test_every_figure_and_good_is_drawn_as_itself(live_server, new_page):
    page = new_page()
    page.goto(live_server + "/")
    drawn = page.evaluate(DRAW)

    pictures = drawn["pictures"]
    assert len(pictures) == 7 * 6  # seven pictures, six colours
    for p in pictures:
        assert p["body"] > 300 and not p["clipped"], p
        assert p["emblem"] >= 0.9, p
    sizes = {p["picture"]: (p["width"], p["height"]) for p in pictures if p["color"] == "red"}
    assert sizes["pig"][0] > sizes["pig"][1] * 1.3, sizes  # a pig stands wider than tall
    assert sizes["farmer"][0] > sizes["farmer"][1], sizes  # a farmer lies down
    assert sizes["follower"][1] > sizes["follower"][0] * 0.95, sizes

    on = {(f["kind"], f["feature"]): f for f in drawn["on"]}
    follower, large = on[("follower", "road")], on[("large", "road")]
    assert 1.5 < large["area"] / follower["area"] < 2.2, on  # 1.35 times as tall
    assert on[("large", "field")]["area"] > on[("follower", "field")]["area"] * 1.5, on
    others = (("builder", "road"), ("pig", "field"), ("abbot", "monastery"), ("follower", "field"))
    for kind in others:
        assert on[kind]["area"] > 200 and on[kind]["likeFollower"] < 0.7, on[kind]

    for good in drawn["goods"]:
        assert good["size"] == [32, 32] and good["url"].startswith("data:image/png"), good
        assert good["ink"] > 20 and good["face"] > 100, good
        assert good["token"] > 100, good  # its token on the city of a tile that names it
    assert drawn["icon"] == [28, 28]
