"""`Options`: the one place where game options are parsed, checked and defaulted."""

from __future__ import annotations

import itertools

import pytest

from app.engine import InvalidOptionsError, Options


def test_defaults_are_those_of_log_format():
    """LOG_FORMAT.md: 'Missing options take these defaults: winter, true, false, false.'"""
    want = {"tileset": "winter", "farmers": True, "abbot": False, "river": False}
    assert Options.from_dict({}).to_dict() == want
    assert Options().to_dict() == want


@pytest.mark.parametrize(
    ("tileset", "farmers", "abbot", "river"),
    list(itertools.product(["winter", "classic"], [True, False], [True, False], [True, False])),
)
def test_every_combination_round_trips(tileset, farmers, abbot, river):
    """'The options are independent: every combination is allowed.'"""
    raw = {"tileset": tileset, "farmers": farmers, "abbot": abbot, "river": river}
    options = Options.from_dict(raw)
    assert options == Options(tileset, farmers, abbot, river)
    assert options.to_dict() == raw
    assert Options.from_dict(options.to_dict()) == options


@pytest.mark.parametrize(
    ("inns", "traders"), list(itertools.product([True, False], [True, False]))
)
def test_expansions_round_trip_and_are_left_out_when_off(inns, traders):
    """INNS_AND_CATHEDRALS.md, TRADERS_AND_BUILDERS.md: 'true or false (missing = false);
    independent of' every other option; a game without them reads as before."""
    raw = {"tileset": "classic", "farmers": False, "abbot": True, "river": True}
    options = Options.from_dict({**raw, "inns_cathedrals": inns, "traders_builders": traders})
    assert (options.inns_cathedrals, options.traders_builders) == (inns, traders)
    want = {**raw, **({"inns_cathedrals": True} if inns else {})}
    want |= {"traders_builders": True} if traders else {}
    assert options.to_dict() == want
    assert Options.from_dict(options.to_dict()) == options


@pytest.mark.parametrize("option", ["inns_cathedrals", "traders_builders"])
def test_expansion_options_must_be_booleans(option):
    with pytest.raises(InvalidOptionsError, match=option):
        Options.from_dict({option: 1})


def test_missing_keys_default_one_by_one():
    assert Options.from_dict({"river": True}) == Options(river=True)
    assert Options.from_dict({"tileset": "classic"}) == Options(tileset="classic")


def test_unknown_keys_are_ignored():
    """LOG_FORMAT.md: 'Keys this format does not name are ignored'; a lobby's own keys too."""
    assert Options.from_dict({"abbot": True, "seats": 4, "clock": None}) == Options(abbot=True)


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        (None, "object"),
        ([], "object"),
        ("winter", "object"),
        ({"tileset": "deluxe"}, "tileset"),
        ({"tileset": 1}, "tileset"),
        ({"tileset": ["winter"]}, "tileset"),
        ({"farmers": "yes"}, "farmers"),
        ({"abbot": 1}, "abbot"),
        ({"river": None}, "river"),
        ({"river": 0}, "river"),
    ],
)
def test_wrong_types_and_values(raw, words):
    with pytest.raises(InvalidOptionsError) as caught:
        Options.from_dict(raw)
    assert words in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_the_constructor_checks_too():
    with pytest.raises(InvalidOptionsError):
        Options(tileset="deluxe")
    with pytest.raises(InvalidOptionsError):
        Options(farmers=1)  # type: ignore[arg-type]
