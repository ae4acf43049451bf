"""Inns & Cathedrals and Traders & Builders rule by rule, on small hand-built logs and seeded
games (the worked examples of the two specs are golden logs in `logs/ic_*.json` and
`logs/tb_*.json`). Every expectation comes from INNS_AND_CATHEDRALS.md and
TRADERS_AND_BUILDERS.md."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from app.engine import (
    COLORS,
    MAX_PLAYERS,
    Game,
    IllegalMoveError,
    Meeple,
    Move,
    Options,
    Placement,
    Player,
    bonus_turn,
    colors_for,
    from_log,
    max_players_for,
    restore,
    tile_catalog,
    to_log,
)
from app.engine.tiles import oriented
from tests.unit.conftest import (
    IC_IDS,
    TB_IDS,
    check_geometry,
    follower,
    game_from,
    make_log,
    place,
    players,
    replay,
)

ROOT = Path(__file__).resolve().parents[2]
IC = {"tileset": "classic", "inns_cathedrals": True}
TB = {"tileset": "classic", "traders_builders": True}
BOTH = {"tileset": "classic", "inns_cathedrals": True, "traders_builders": True}


def large(at: str) -> dict:
    return {"kind": "large", "at": at}


def builder(at: str) -> dict:
    return {"kind": "builder", "at": at}


def pig(at: str) -> dict:
    return {"kind": "pig", "at": at}


def illegal(turns: list[dict], options: dict, says: str = "", n: int = 2) -> IllegalMoveError:
    """The refusal of the log's last turn (the others legal by the specs' geometry)."""
    check_geometry(turns[:-1])
    with pytest.raises(IllegalMoveError) as caught:
        replay(turns, options, n)
    assert caught.value.turn == len(turns)
    assert says in str(caught.value)
    return caught.value


def run_cli(tmp_path: Path, log: dict) -> subprocess.CompletedProcess:
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log))
    return subprocess.run(
        [sys.executable, "-m", "app.engine.replay", str(path)],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip


# -- setup: tiles, players, options -------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "tiles"),
    [
        (Options("classic", inns_cathedrals=True), 89),
        (Options("winter", inns_cathedrals=True), 101),
        (Options("classic", traders_builders=True), 95),
        (Options("winter", traders_builders=True), 107),
        (Options("classic", inns_cathedrals=True, traders_builders=True), 113),
        (Options("winter", river=True, inns_cathedrals=True, traders_builders=True), 125 + 11),
    ],
)
def test_the_bag(options, tiles):
    """I&C rule 1: '71 + 18 = 89 tiles to draw with classic, 83 + 18 = 101 with winter'; T&B
    rule 1: '71 + 24 = 95 ... 83 + 24 = 107 with winter, 18 more with inns_cathedrals'; the
    River's 11 tiles come first."""
    game = Game(players(2), options)
    assert game.tiles_left == tiles
    counts = game.bag_counts()
    assert all(counts.get(t) == 1 for t in IC_IDS) == options.inns_cathedrals
    assert all(counts.get(t) == 1 for t in TB_IDS) == options.traders_builders
    if options.river:
        assert list(counts)[:11] == [f"R{n:02d}" for n in range(2, 13)]


def test_catalog_counts_the_new_boxes():
    catalog = tile_catalog()
    assert catalog["I01"]["count"]["inns_cathedrals"] == 1
    assert catalog["T24"]["count"]["traders_builders"] == 1
    assert catalog["I15"]["segments"][0]["marks"] == ["inn"]
    assert catalog["T05"]["segments"][0]["marks"] == ["wine"]


def test_pink_and_six_players_only_with_inns_and_cathedrals():
    """I&C: 'players: 2 to 6 with the option, 2 to 5 without'; pink without it: a shape error;
    T&B alone: 2 to 5; both: 6 (the pink player has a builder and a pig too)."""
    six = [
        Player(f"P{i}", c)
        for i, c in enumerate(["red", "blue", "green", "yellow", "black", "pink"])
    ]
    Game(six, Options(inns_cathedrals=True))
    game = Game(six, Options(inns_cathedrals=True, traders_builders=True))
    assert game.view()["players"][5]["builder"] == 1 and game.view()["players"][5]["pig"] == 1
    for options in (Options(), Options(traders_builders=True)):
        with pytest.raises(ValueError, match="2 to 5"):
            Game(six, options)
        with pytest.raises(ValueError, match="unknown color"):
            Game([Player("A", "red"), Player("B", "pink")], options)
    with pytest.raises(ValueError, match="2 to 6"):
        Game([*six, Player("G", "red")], Options(inns_cathedrals=True))


def test_exit_codes(tmp_path):
    """'A sixth player or pink without the option: exit 2'; options not booleans: exit 2;
    `large`, `builder`, `pig` are known kinds (exit 1 without the option, not 2); an unknown
    kind is exit 2."""
    six = [{"name": c, "color": c} for c in ["red", "blue", "green", "yellow", "black", "pink"]]
    log = {"format": "carcassonne-log/1", "options": {"tileset": "classic"}, "players": six,
           "turns": []}  # fmt: skip
    assert run_cli(tmp_path, log).returncode == 2
    assert run_cli(tmp_path, {**log, "options": IC}).returncode == 0
    for option in ("inns_cathedrals", "traders_builders"):
        result = run_cli(tmp_path, make_log([], {option: "yes"}))
        assert result.returncode == 2 and option in result.stderr
    for kind, at in (("large", "E"), ("builder", "E"), ("pig", "N")):
        result = run_cli(tmp_path, make_log([place(0, "U", 1, 0, 90, {"kind": kind, "at": at})]))
        assert result.returncode == 1 and result.stderr.startswith("turn 1: ")
    result = run_cli(tmp_path, make_log([place(0, "U", 1, 0, 90, {"kind": "giant", "at": "E"})]))
    assert result.returncode == 2
    for tile in ("I15", "T05"):
        result = run_cli(tmp_path, make_log([place(0, tile, 1, 0, 0)], {"tileset": "classic"}))
        assert result.returncode == 1 and f"'{tile}'" in result.stderr


def test_without_the_options_the_output_is_as_before():
    """'without the option neither key appears (the output of a game without the option is
    exactly what it was before)': no `large`, `builder`, `pig`, `goods` in supply, no `inn`
    or `cathedral` in events; the log's options name no expansion."""
    out = replay([place(0, "E", 0, -1, 180, follower("S")), place(1, "U", 1, 0, 90, follower("E"))])
    assert out["supply"] == [{"followers": 7, "abbot": 0}, {"followers": 6, "abbot": 0}]
    assert all(set(e) <= {"turn", "feature", "points", "players", "final", "tiles", "cells",
                          "pennants", "cities"} for e in out["events"])  # fmt: skip
    assert "inns_cathedrals" not in to_log(Game(players(2), Options()))["options"]
    assert to_log(Game(players(2), Options(traders_builders=True)))["options"]["traders_builders"]


# -- Inns & Cathedrals --------------------------------------------------------------------------


def test_large_follower_placed_like_a_follower_and_offered():
    """Rule 3: the large follower where a follower may go, in the legal list with its kind."""
    game = Game(players(2), Options("classic", inns_cathedrals=True))
    spots = game.figure_spots(Placement(1, 0, 90), tile="U")
    kinds = {(s.kind, s.feature) for s in spots}
    assert {("large", "road"), ("large", "field"), ("follower", "road")} <= kinds
    game.play(Move(1, 0, 90, Meeple("large", "E")), tile="U")
    assert game.view()["figures"][0]["kind"] == "large"
    assert game.view()["players"][0]["large"] == 0
    # P1 extends the road: occupied for a follower of either size
    spots = game.figure_spots(Placement(2, 0, 90), tile="U")
    assert not any(s.feature == "road" for s in spots)


def test_large_follower_comes_back_when_scored():
    """Rule 6: it comes back like a follower when its road is scored during play."""
    out = replay(
        [place(0, "U", 1, 0, 90, large("E")), place(1, "A", -1, 0, 270), place(0, "W", 2, 0, 0)],
        IC,
    )
    assert out["scores"] == [4, 0] and out["supply"][0]["large"] == 1


def test_large_follower_counts_two_farmers():
    """Rules 5 and 9: a large follower in a field counts as two farmers: against P1's two
    farmers (TRADERS_AND_BUILDERS.md example 7's fields) a tie, both score 3."""
    turns = [
        place(0, "E", 0, -1, 180, large("N")),  # the field round the cap; closes D's city
        place(1, "U", 1, 0, 90, follower("N")),
        place(0, "B", 1, -1, 0),  # joins the two fields
        place(1, "U", 2, 0, 90, follower("S")),  # another field, south of the road
        place(0, "A", -1, 0, 270),  # round the road's end: north and south fields join
    ]
    out = replay(turns, IC)
    field = [(e["players"], e["points"]) for e in out["events"] if e["feature"] == "field"]
    assert field == [([0, 1], 3)]
    out = replay(turns[:3], IC)
    field = [(e["players"], e["points"]) for e in out["events"] if e["feature"] == "field"]
    assert field == [([0], 3)]


def test_large_follower_not_in_a_field_without_farmers_nor_on_the_river():
    illegal([place(0, "U", 1, 0, 90, large("N"))], {**IC, "farmers": False}, "without farmers")
    river = {"tileset": "classic", "river": True, "inns_cathedrals": True}
    error = illegal([place(0, "R06", 1, 0, 0, large("E"))], river)
    assert error.code == "not_a_feature"


def test_c_names_a_monastery_or_an_inner_field():
    """Rule 4: `at: C` on a tile with neither a monastery nor an inner field is illegal for a
    follower or large follower; on I03, C is the inner field for them."""
    error = illegal([place(0, "I15", 1, 0, 0, large("C"))], IC)
    assert error.code == "centre_closed"  # I15's garden: only a picture without The Abbot
    error = illegal([place(0, "I14", 1, 0, 0, large("C"))], IC)
    assert error.code == "no_centre"
    out = replay([place(0, "I03", 0, -1, 0, large("C"))], IC)
    assert out["final_scores"] == [3, 0]  # the inner field borders one completed city


def test_a_second_inn_adds_nothing():
    """Rule 7: 'a second inn on the same road adds nothing': A, D, I15, I16, A is 5 tiles with
    two inns: 10."""
    turns = [
        place(0, "I15", 1, 0, 0, follower("E")),
        place(1, "A", -1, 0, 270),
        place(0, "I16", 2, 0, 0),
        place(1, "A", 2, 1, 180),
    ]
    out = replay(turns, IC)
    assert out["events"][0] | {"cells": None} == {
        "turn": 4, "feature": "road", "points": 10, "players": [0], "final": False, "tiles": 5,
        "inn": True, "cells": None,
    }  # fmt: skip


def test_features_say_strength():
    game = game_from([place(0, "U", 1, 0, 90, large("E"))], IC)
    road = next(f for f in game.features() if f["kind"] == "road")
    assert road["followers"] == [1, 0] and road["strength"] == [2, 0]


# -- Traders & Builders -------------------------------------------------------------------------


def test_builder_and_pig_in_the_legal_list():
    """Rules 5 and 8: offered only where the player has a follower (farmer) in the feature."""
    game = Game(players(2), Options("classic", traders_builders=True))
    game.play(Move(1, 0, 90, Meeple("follower", "E")), tile="U")  # P0 thief
    game.play(Move(0, -1, 180), tile="E")  # P1 closes the city
    spots = game.figure_spots(Placement(2, 0, 90), tile="U")
    assert {(s.kind, s.feature) for s in spots} == {("builder", "road"), ("follower", "field")}
    assert [(s.at, s.slots) for s in spots if s.kind == "builder"] == [("E", ("E", "W"))]
    # P1 has no follower on that road: no builder for them there
    game.play(Move(0, 1, 0), tile="B")
    spots = game.figure_spots(Placement(2, 0, 90), tile="U")
    assert not any(s.kind == "builder" for s in spots)


def test_builder_not_twice_and_not_on_a_monastery():
    turns = [place(0, "U", 1, 0, 90, follower("E")), place(1, "E", 0, -1, 180),
             place(0, "U", 2, 0, 90, builder("E")), place(1, "V", 1, 1, 0)]  # fmt: skip
    illegal([*turns, place(0, "U", 3, 0, 90, builder("E"))], TB, "player 0 has no builder")
    error = illegal([place(0, "A", -1, 0, 270, builder("C"))], TB)
    assert error.code in ("centre_not_for_figure", "no_centre")
    error = illegal([place(0, "T05", 0, -1, 0, builder("C"))], TB)
    assert error.code == "figure_not_on_feature"  # C is the inner field: a field


def test_pig_never_without_farmers_or_on_an_inner_field():
    illegal([place(0, "U", 1, 0, 90, pig("N"))], {**TB, "farmers": False}, "without farmers")
    illegal([place(0, "T05", 0, -1, 0, pig("C"))], TB, "no farmer in that field")


def test_builder_and_pig_count_nothing():
    """Rule 2: neither counts for a majority: P0's thief and builder against P1's thief tie
    (INNS_AND_CATHEDRALS.md example 6's roads); the tile that joins them extends P0's
    builder's road, so P0 moves again."""
    turns = [
        place(0, "U", -1, 0, 90, follower("W")),
        place(1, "V", 0, 1, 270, follower("E")),  # a separate road, south of the start tile
        place(0, "U", -2, 0, 90, builder("E")),
        place(1, "V", 1, 1, 90),
        place(0, "V", 1, 0, 0),  # joins P1's road to P0's
    ]
    out = replay(turns, TB)
    road = [(e["players"], e["points"]) for e in out["events"] if e["feature"] == "road"]
    assert road == [([0, 1], 6)]
    assert bonus_turn(game_from(turns, TB))


def test_large_follower_lets_the_builder_in():
    """Both options: 'the large follower is a follower for rules 5 and 8'."""
    turns = [place(0, "U", 1, 0, 90, large("E")), place(1, "E", 0, -1, 180),
             place(0, "U", 2, 0, 90, builder("E"))]  # fmt: skip
    assert replay(turns, BOTH)["supply"][0]["builder"] == 0


def test_goods_of_a_cathedral_city():
    """Both options: a cathedral city scores 3 per tile and its goods go to the player who
    completes it: D, T01, I01... here T01 (0,-1) with I&C's cathedral city is not needed;
    T01 and T02 close with D as in example 3, the goods event names both."""
    turns = [place(0, "T01", 0, -1, 180, follower("S")), place(1, "T02", 1, -1, 270),
             place(0, "D", 1, 0, 0)]  # fmt: skip
    out = replay(turns, BOTH)
    city = next(e for e in out["events"] if e["feature"] == "city")
    assert city["cathedral"] is False and city["points"] == 8
    assert out["supply"][0]["goods"] == {"wine": 1, "grain": 1, "cloth": 0}


def test_bonus_turn_in_a_seeded_game_and_in_the_view():
    """Rule 6 as the server sees it: after the first tile the same player is to move,
    `bonus_turn` is true, and after the bonus tile the next player moves."""
    for seed in range(200):
        game = Game(players(3), Options("classic", traders_builders=True), seed=seed)
        while not game.finished:
            moves = game.legal_moves()
            mover, was_bonus = game.current_player, bonus_turn(game)
            builders = [m for m in moves if m.meeple and m.meeple.kind == "builder"]
            followers = [m for m in moves if m.meeple and m.meeple.kind == "follower"]
            game.play((builders or followers or list(moves))[0])
            if game.finished:
                break
            if was_bonus:
                assert not bonus_turn(game) and game.current_player == (mover + 1) % 3
            elif game.current_player == mover:
                assert bonus_turn(game) and game.view()["bonus_turn"] is True
                again = from_log(to_log(game))
                assert again.current_player == mover and bonus_turn(again)
                return
    pytest.fail("no bonus turn in 200 seeded games")


def test_view_goods_and_bonus_keys():
    game = Game(players(2), Options(traders_builders=True))
    view = game.view()
    assert view["bonus_turn"] is False
    assert view["players"][0]["goods"] == {"wine": 0, "grain": 0, "cloth": 0}
    assert "bonus_turn" not in Game(players(2), Options()).view()


def test_closing_segments_agree_with_placing_the_tile():
    """The builder's 'the new tile does not complete it' is worked out without placing the
    tile (`Board.closing_segments`); on random boards it agrees with placing the tile on a
    copy of the board and asking each of its roads and cities whether it is complete."""
    checked = 0
    for seed in range(3):
        game = Game(players(2), Options("winter", traders_builders=True), seed=seed)
        rng = random.Random(seed)
        while not game.finished:
            tile = game.drawn_tile
            assert tile is not None
            for x, y, rot in game.legal_placements()[:8]:
                turned = oriented(tile, rot)
                want = 0
                board = game.board.copy()
                roots, _ = board.place(turned, x, y)
                for seg, root in zip(turned.segments, roots, strict=True):
                    if seg.kind in ("road", "city") and board.open[root] == 0:
                        want |= 1 << seg.index
                assert game.board.closing_segments(turned, (x, y)) == want, (tile, x, y, rot)
                checked += 1
            game.play(rng.choice(list(game.legal_moves())))
    assert checked > 500


@pytest.mark.parametrize(
    "options",
    [
        Options(tileset, farmers, abbot, river, inns, traders)
        for tileset in ("winter", "classic")
        for farmers in (True, False)
        for abbot in (True, False)
        for river in (False, True)
        for inns, traders in ((True, False), (False, True), (True, True))
    ],
    ids=lambda o: (
        f"{o.tileset}-f{o.farmers:d}-a{o.abbot:d}-r{o.river:d}"
        f"-ic{o.inns_cathedrals:d}-tb{o.traders_builders:d}"
    ),
)
def test_every_option_combination_plays(options):
    """'every option combination' (both specs): 40 random turns with figures wherever one
    may go, the most players the options allow; the seed and the turns, and the log, rebuild
    the same game."""
    n = 6 if options.inns_cathedrals else 5
    game = Game(players(n), options, seed=11)
    rng = random.Random(11)
    for _ in range(40):
        moves = [m for m in game.legal_moves() if m.meeple is not None] or list(game.legal_moves())
        game.play(rng.choice(moves))
    again = restore(game.players, options, 11, game.turns)
    assert again.view() == game.view() and again.final_scores() == game.final_scores()
    replayed = from_log(to_log(game))
    assert replayed.final_scores() == game.final_scores()
    assert replayed.view()["players"] == game.view()["players"]
    kinds = {f["kind"] for f in game.view()["figures"]}
    assert kinds <= {"follower", "abbot", "large", "builder", "pig"}
    assert ("large" in game.view()["players"][0]) == options.inns_cathedrals


def test_colors_and_players_per_options():
    assert colors_for(Options()) == COLORS and max_players_for(Options()) == MAX_PLAYERS == 5
    assert colors_for(Options(traders_builders=True)) == COLORS
    assert colors_for(Options(inns_cathedrals=True)) == (*COLORS, "pink")
    assert max_players_for(Options(inns_cathedrals=True, traders_builders=True)) == 6
