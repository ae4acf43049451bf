"""Bots and the turn clock in real browsers: a person plays an easy bot added in the lobby, the
host lets a bot play for a player who left and the player takes the seat back, and the banks
of a turn clock count down in the players panel."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from room_page import GAME, create_room, play_turn, sit, wait_for_mover

pytestmark = pytest.mark.e2e

SEATS = "window.__game.state.room.seats"


@pytest.fixture
def slow_bot_server(server_factory, tmp_path):
    """A server whose bots wait a while before they move: the state right after a person's
    move stays on screen long enough to read it."""
    return server_factory(f"sqlite+aiosqlite:///{tmp_path / 'carcassonne.db'}",
                          CARC_BOT_PAUSE_SECONDS="6")


def test_a_person_plays_an_easy_bot(fast_server, new_page, artifacts):
    host = new_page()
    create_room(host, fast_server.url, "Ann")
    host.click("[data-seat='1'] [data-action=add-bot]")
    host.wait_for_function(f"{SEATS}[1].bot === 'easy'")
    tag = host.locator("[data-seat='1'] .bot-tag")
    assert tag.get_attribute("title") == "An easy bot plays this seat"
    assert tag.text_content() == "bot"  # a bot's own seat: it plays for nobody
    host.screenshot(path=str(artifacts / "lobby-bot.png"))

    host.click("[data-action=start]")
    host.wait_for_function("document.body.dataset.mode === 'playing'")
    bot = host.evaluate(f"{GAME}.seats.indexOf(1)")
    for i in range(3):
        host.wait_for_function("document.body.dataset.myTurn === 'true'")
        play_turn(host, i)
    # a tile that fits nowhere is discarded and logged as a turn of the player who drew it
    placed = f"{GAME}.turns.filter((t) => !t.discarded && t.player"
    host.wait_for_function(f"{placed} === {bot}).length >= 3")
    assert host.evaluate(f"{placed} !== {bot}).length") == 3
    assert host.locator(f"[data-player='{bot}'] .bot-tag").get_attribute("title") == (
        "An easy bot plays this seat"
    )
    assert host.locator(".clock").count() == 0  # no clock: nothing shows it
    host.screenshot(path=str(artifacts / "game-bot.png"))


def test_a_bot_plays_for_a_player_who_left_until_they_take_the_seat_back(
    fast_server, new_page, artifacts
):
    host = new_page()
    url = create_room(host, fast_server.url, "Ann")
    guest = new_page(375, 740, touch=True)
    sit(guest, url, "Bo")
    seat = guest.evaluate("window.__game.state.you.seat")
    host.wait_for_function("document.querySelectorAll('.seat:not(.free)').length === 2")
    host.click("[data-action=start]")
    guest.wait_for_function("document.body.dataset.mode === 'playing'")
    bo = host.evaluate(f"{GAME}.seats.indexOf({seat})")
    watcher = new_page(375, 740)
    watcher.goto(url)
    watcher.wait_for_function("document.body.dataset.mode === 'playing'")

    context = guest.context
    guest.close()
    host.wait_for_function(f"{SEATS}[{seat}].presence === 'away'")
    controls = host.locator(f"[data-seat-controls='{seat}']")
    host.screenshot(path=str(artifacts / "hand-to-bot.png"))
    controls.locator("[data-action=hand-easy]").click()
    host.wait_for_function(f"{SEATS}[{seat}].bot === 'easy'")
    # a bot playing for a person says whose seat it keeps, for everyone
    for page in (host, watcher):
        tag = page.locator(f"[data-player='{bo}'] .bot-tag")
        tag.wait_for()
        assert tag.text_content() == "bot playing for Bo"
    for i in range(2):
        host.wait_for_function("document.body.dataset.myTurn === 'true'")
        play_turn(host, i)
    host.wait_for_function(f"{GAME}.turns.filter((t) => t.player === {bo}).length >= 2")

    back = context.new_page()
    back.goto(url)
    back.wait_for_function(f"window.__game?.state.you.seat === {seat}")
    notice = back.locator("[data-action=take-seat-back]")
    notice.wait_for()
    assert notice.text_content() == "A bot is playing for you — take your seat back"
    assert not back.evaluate("document.body.dataset.myTurn === 'true'")
    host.locator(f"[data-seat-controls='{seat}'] [data-action=give-back]").wait_for()
    back.screenshot(path=str(artifacts / "take-seat-back-phone.png"))
    host.screenshot(path=str(artifacts / "give-back.png"))
    notice.click()
    for page in (host, back):
        page.wait_for_function(f"{SEATS}[{seat}].bot === null")
    assert back.locator("#bot-notice").is_hidden()
    assert host.locator(f"[data-seat-controls='{seat}']").count() == 0
    # the person plays again: the game waits for them, and their move goes through
    for i in range(2):
        play_turn(wait_for_mover(host, back), i)


def create_room_with_clock(base: str, clock: dict) -> str:
    """A room made over HTTP with a turn clock among its options. Returns the host's
    personal link."""
    body = {"name": "Ann", "options": {"clock": clock}}
    request = urllib.request.Request(
        base + "/api/rooms", data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"}, method="POST",
    )
    with urllib.request.urlopen(request) as resp:
        room = json.load(resp)
    return base + room["personal_link"]


def clock_seconds(page, player: int) -> int:
    text = page.locator(f"[data-clock='{player}']").text_content()
    minutes, seconds = re.fullmatch(r"(\d+):(\d\d)", text).groups()
    return int(minutes) * 60 + int(seconds)


def test_the_clock_counts_down_for_the_player_to_move(slow_bot_server, new_page, artifacts):
    host = new_page()
    host.goto(create_room_with_clock(slow_bot_server.url, {"bank": 33, "increment": 5}))
    host.wait_for_selector("[data-action=start]")
    assert host.locator("#opt-clock").input_value() == "33+5"
    watcher = new_page(375, 740)
    watcher.goto(host.url.split("#")[0])
    watcher.wait_for_selector(".options-summary")
    assert watcher.locator("[data-option=clock]").text_content() == "clock: 33 s + 5 s a turn"
    watcher.screenshot(path=str(artifacts / "lobby-clock-phone.png"))
    host.click("[data-seat='1'] [data-action=add-bot]")
    host.wait_for_function(f"{SEATS}[1].bot === 'easy'")
    host.click("[data-action=start]")
    host.wait_for_function("document.body.dataset.mode === 'playing'")
    me = host.evaluate(f"{GAME}.seats.indexOf(0)")
    host.wait_for_function("document.body.dataset.myTurn === 'true'")
    host.wait_for_selector(f"[data-clock='{me}'].running")
    first = clock_seconds(host, me)
    assert first <= 33
    bot = 1 - me
    # the bank counts down on screen (redrawn once a second, whole seconds)
    host.wait_for_function(f"""(() => {{
        const [m, s] = document.querySelector("[data-clock='{me}']").textContent.split(':');
        return Number(m) * 60 + Number(s) <= {first - 2}; }})()""")
    # the bank shown is the server's bank less the time since the server started it: drawn at
    # some moment before now, so never less than that bank less all the time until now (how
    # long ago it was drawn depends on the machine's load; the exact reading of a moment is
    # the clock module's unit test)
    shown, least = host.evaluate(f"""(() => {{
        const c = {GAME}.clock;
        const [m, s] = document.querySelector("[data-clock='{me}']").textContent.split(':');
        const least = Math.ceil(c.banks[{me}] - (Date.now() / 1000 - c.since));
        return [Number(m) * 60 + Number(s), least];
    }})()""")
    assert least <= shown <= first - 2
    assert host.locator(f"[data-clock='{bot}'].running").count() == 0
    host.wait_for_selector(f"[data-clock='{me}'].low")
    watcher.wait_for_selector(f"[data-clock='{me}'].low.running")
    host.screenshot(path=str(artifacts / "clock.png"))
    watcher.screenshot(path=str(artifacts / "clock-phone.png"))
    # after my move the increment is added and my bank stops; the bot's runs while it thinks.
    # The server's own times say how long the move took: no wall clock of the test's.
    before = host.evaluate(f"{GAME}.clock")
    play_turn(host, 0)
    host.wait_for_function(f"{GAME}.clock.running === {bot}")
    after = host.evaluate(f"{GAME}.clock")
    used = after["since"] - before["since"]
    assert abs(after["banks"][me] - (before["banks"][me] - used + 5)) <= 0.11, (before, after)
    host.wait_for_selector(f"[data-clock='{bot}'].running")
    assert host.locator(f"[data-clock='{me}'].running").count() == 0


def test_the_host_chooses_a_clock_in_the_lobby(fast_server, new_page):
    host = new_page()
    create_room(host, fast_server.url, "Ann")
    assert host.locator("#opt-clock").input_value() == "off"
    host.select_option("#opt-clock", "300+10")
    host.wait_for_function("window.__game.state.room.options.clock?.bank === 300")
    host.select_option("#opt-clock", "off")
    host.wait_for_function("!window.__game.state.room.options.clock")
