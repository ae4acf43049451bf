"""The expert's cheaper search (a reply's placements counted from a tally of the position
before it, the expected scores read off the claimed features only) computes what the
straightforward one did: the same reply, the same expected margin and fitted leaf, the same
move.

The reference below is the expert as it was before those savings, kept verbatim but for its
leaf, now the fitted leaf (`leaf.fitted_margin`) read off every feature the plain way."""

from __future__ import annotations

import random

import pytest

from app.bots import Bot, expert, leaf, public_replica
from app.bots.easy import evaluate, figure_value, rank_moves
from app.bots.strong import Search, expectimax
from app.engine import Game, Meeple, Move, Options, Player, table_analysis


def reference_expected_scores(game: Game) -> list[float]:
    scores = [float(s) for s in game.final_scores()]
    if game.finished:
        return scores
    left = game.tiles_left
    in_hand = figure_value(left)
    back = figure_value(left // 2)
    for p in range(len(scores)):
        followers, abbots = game.supply(p)
        scores[p] += in_hand * (followers + abbots)
    chances = {f.id: f for f in table_analysis(game).features}
    for feature in game.features():
        outlook = chances.get(feature["id"])
        if outlook is None or feature["kind"] not in expert._CLOSING_KINDS or feature["complete"]:
            continue
        followers = feature["followers"]
        most = max(followers)
        if most == 0:
            continue
        miss = 1.0
        for c in outlook.chance:
            miss *= 1.0 - c
        closes = 1.0 - miss if outlook.closable else 0.0
        if closes == 0.0:
            continue
        closed = (
            expert._CENTRE_CLOSED if feature["kind"] in ("monastery", "garden")
            else feature["points_now"]
        )
        gain = closes * max(0, closed - feature["points_end"])
        for p, n in enumerate(followers):
            if n == most:
                scores[p] += gain
            scores[p] += closes * back * n
    return scores


def reference_expected_margin(game: Game, player: int) -> float:
    scores = reference_expected_scores(game)
    return scores[player] - max(s for p, s in enumerate(scores) if p != player)


def reference_fitted_margin(game: Game, player: int) -> float:
    """`leaf.fitted_margin` read off every feature of `features()` and `table_analysis()`."""
    scores = game.final_scores()
    rows = [[float(s), float(sum(game.supply(p))), 0.0, 0.0, 0.0]
            for p, s in enumerate(scores)]
    if not game.finished:
        chances = {f.id: f for f in table_analysis(game).features}
        for feature in game.features():
            outlook = chances.get(feature["id"])
            if outlook is None or feature["kind"] not in expert._CLOSING_KINDS:
                continue
            followers = feature["followers"]
            if feature["complete"] or max(followers) == 0:
                continue
            if not outlook.closable:
                for p, n in enumerate(followers):
                    rows[p][4] += n
                continue
            miss = 1.0
            for c in outlook.chance:
                miss *= 1.0 - c
            closes = 1.0 - miss
            closed = (
                expert._CENTRE_CLOSED if feature["kind"] in ("monastery", "garden")
                else feature["points_now"]
            )
            gain = closes * max(0, closed - feature["points_end"])
            for p, n in enumerate(followers):
                if n == max(followers):
                    rows[p][2] += gain
                rows[p][3] += closes * n
    rival = max((p for p in range(len(rows)) if p != player), key=lambda p: rows[p][0])
    mover = game.current_player
    to_move = 1.0 if mover == player else -1.0 if mover == rival else 0.0
    x = [a - b for a, b in zip(rows[player], rows[rival], strict=True)] + [to_move]
    if game.finished:
        return x[0]
    value = 0.0
    for share, weights in zip(leaf.phase(game.tiles_left), leaf.WEIGHTS, strict=True):
        if share:
            value += share * sum(w * f for w, f in zip(weights, x, strict=True))
    return value


def reference_reply(after: Game, tile: str) -> Game | None:
    mover = after.current_player
    moves = after.legal_moves(tile)
    ranked: list[tuple[float, int, Game]] = []
    placements = moves.placements()
    for k, p in enumerate(placements):
        position = after.copy()
        position.play(Move(p.x, p.y, p.rot), tile=tile)
        ranked.append((evaluate(position, mover), k, position))
    if not ranked:
        return None
    ranked.sort(key=lambda vkp: (-vkp[0], vkp[1]))
    best_value, _, best = ranked[0]
    for _, k, _ in ranked[: expert.FIGURE_PLACEMENTS]:
        p = placements[k]
        for spot in moves.spots(p):
            position = after.copy()
            position.play(Move(p.x, p.y, p.rot, Meeple(spot.kind, spot.at)), tile=tile)
            value = evaluate(position, mover)
            if value > best_value:
                best_value, best = value, position
    return best


def reference_reply_margin(after: Game, tile: str, player: int) -> float:
    if after.finished:
        return reference_fitted_margin(after, player)
    answered = reference_reply(after, tile)
    return reference_fitted_margin(after if answered is None else answered, player)


def reference_move(game: Game, playouts: int) -> Move:
    search = Search.start(game, None, None, playouts, None, lambda: 0.0, expert.CANDIDATES,
                          rank_moves)
    if isinstance(search, Move):
        return search
    best = expectimax(search.afters, search.player, search.deadline, search.limit,
                      expert.FIRST_HALVING, lambda: 0.0, reply=reference_reply_margin,
                      final=reference_fitted_margin)
    return search.moves[best]


def positions(options: Options, seed: int, every: int, players: int = 2) -> list[Game]:
    """Every `every`-th position of a seeded game between easy bots (as the profile takes)."""
    seats = [Player("A", "red"), Player("B", "blue"), Player("C", "green")][:players]
    game = Game(seats, options, seed=seed)
    bots = [Bot("easy", seed=s) for s in range(players)]
    out = []
    while not game.finished:
        if game.turn % every == every // 2:
            out.append(game.copy())
        game.play(bots[game.current_player].move(game))
    return out


GAMES = [
    (Options(), 1, 2),
    (Options(), 2, 2),
    (Options(tileset="classic", abbot=True, river=True), 3, 3),
    (Options(inns_cathedrals=True, traders_builders=True, farmers=False), 4, 2),
]


@pytest.mark.parametrize(("options", "seed", "players"), GAMES)
def test_reply_and_expected_margin_are_the_references(
    options: Options, seed: int, players: int
) -> None:
    """After a candidate move of every 4th position, for every third kind of tile left: the
    same reply (the same turns played) and, exactly, the same expected margin and fitted leaf
    before and after it for every player."""
    for game in positions(options, seed, every=8, players=players):
        search = Search.start(game, None, None, 1, None, lambda: 0.0, 3)
        if isinstance(search, Move):
            continue
        after = search.afters[-1]  # a public replica, the candidate move played
        for p in range(players):
            assert expert.expected_margin(after, p) == reference_expected_margin(after, p)
            assert leaf.fitted_margin(after, p) == reference_fitted_margin(after, p)
        for tile in sorted(after.next_tile_counts())[::3]:
            ours, theirs = expert.reply(after, tile), reference_reply(after, tile)
            assert (ours is None) == (theirs is None)
            if ours is not None and theirs is not None:
                assert ours.turns == theirs.turns
                for p in range(players):
                    assert expert.expected_margin(ours, p) == reference_expected_margin(theirs, p)
                    assert leaf.fitted_margin(ours, p) == reference_fitted_margin(theirs, p)


@pytest.mark.parametrize(("options", "seed", "players"), GAMES[:3])
def test_expert_moves_are_the_reference_moves(options: Options, seed: int, players: int) -> None:
    """With no time budget and 24 replies a move, every 15th position: the same move."""
    for game in positions(options, seed, every=15, players=players):
        ours = expert.expert_move(game, random.Random(0), budget_s=None, playouts=24)
        assert ours == reference_move(game, 24), game.turn


@pytest.mark.parametrize(("options", "seed", "players"), GAMES)
def test_candidates_are_ranked_as_rank_moves_ranks_them(
    options: Options, seed: int, players: int
) -> None:
    """Every 5th position: the same moves with exactly the same values, in the same order."""
    for game in positions(options, seed, every=5, players=players):
        replica = public_replica(game)
        tile = game.drawn_tile
        assert tile is not None
        assert expert.rank_candidates(replica, tile) == rank_moves(replica, tile), game.turn
