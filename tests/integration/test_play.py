"""Whole games over real sockets: players, spectators, reconnects, the archive."""

from __future__ import annotations

import json
import random

import httpx
from wsclient import PROTOCOL, Client, create_room, play_turn, seated_pair, start

from app.engine import from_log


def _walk_keys(value, found: set[str]) -> set[str]:
    if isinstance(value, dict):
        for key, inner in value.items():
            found.add(key)
            _walk_keys(inner, found)
    elif isinstance(value, list):
        for inner in value:
            _walk_keys(inner, found)
    return found


async def test_two_players_and_a_spectator_play_a_whole_game(server):
    rng = random.Random(11)
    host, guest, code = await seated_pair(server)
    watcher = await Client.connect(server.ws_url, code, name="Cy")
    for client in (host, guest):
        await client.catch_up(watcher.seq)
    assert host.state["room"]["spectators"] == {"count": 1, "names": ["Cy"]}
    await host.send(type="set_options", tileset="classic", abbot=True)
    await host.until(lambda c: c.state["room"]["options"]["tileset"] == "classic")
    await start(host, guest, watcher)
    clients = [host, guest, watcher]
    first_log = None
    while not host.game["finished"]:
        game = host.game
        mover = host if host.my_turn() else guest
        assert await mover.placements(), "a drawn tile always comes with its placements"
        assert watcher.legal is None, "placements go to the player to move only"
        assert all(client.state == host.state for client in clients)
        await play_turn([host, guest], rng)
        for client in clients:
            await client.catch_up(host.seq)
        if host.game["turn"] % 10 == 1:
            await check_features(watcher)
        if first_log is None:
            async with httpx.AsyncClient(base_url=server.url) as http:
                first_log = (await http.get(f"/api/games/{game['id']}/log")).json()
    final = host.game
    assert final["results"]["scores"] == [p["score"] for p in final["players"]]
    assert watcher.state == host.state == guest.state
    assert await watcher.resync() == host.state
    assert watcher.snapshots_checked == 1

    # The placements went to the player to move only (wsclient checks each `legal` frame is
    # for its receiver's turn): a watcher never saw one.
    assert not any('"placements"' in frame or '"legal"' in frame for frame in watcher.frames)
    assert host.legal is not None and guest.legal is not None
    # No secrets: no seed, no token of anyone else, in any frame anybody received.
    assert "seed" not in first_log, "a running game's log must not carry the seed"
    for client in clients:
        for frame in client.frames:
            assert '"seed"' not in frame
            for other in (host, guest):
                if other is not client:
                    assert other.token not in frame
        assert not ({"seed", "order", "token_hash"} & _walk_keys(client.state, set()))

    # The archive has it, and its log replays to the same scores.
    async with httpx.AsyncClient(base_url=server.url) as http:
        game_id = final["id"]
        page = (await http.get("/api/games", params={"per_page": 100})).json()
        assert game_id in [item["id"] for item in page["items"]]
        detail = (await http.get(f"/api/games/{game_id}")).json()
        assert [p["score"] for p in detail["players"]] == final["results"]["scores"]
        assert len(detail["breakdown"]) == 2
        log = (await http.get(f"/api/games/{game_id}/log")).json()
        assert isinstance(log["seed"], int)
        replayed = from_log(json.loads(json.dumps(log)))
        assert replayed.finished and list(replayed.scores) == final["results"]["scores"]
        replay = (await http.get(f"/api/games/{game_id}/replay")).json()
        assert len(replay["states"]) == len(log["turns"]) + 1
        assert replay["final_scores"] == final["results"]["scores"]
        assert len(replay["start_board"]) == 1
    for client in clients:
        await client.close()


async def check_features(client: Client) -> None:
    """Ask for the board's features: they are of this game and turn, and every figure on the
    board stands on one of them, counted for its owner."""
    await client.send(type="features")
    msg = await client.expect("features")
    game = client.game
    assert (msg["game"], msg["turn"]) == (game["id"], game["turn"])
    features = msg["features"]
    assert len({f["id"] for f in features}) == len(features)
    for figure in game["figures"]:
        holding = [
            f for f in features
            if any(p["x"] == figure["x"] and p["y"] == figure["y"] and figure["at"] in p["slots"]
                   for p in f["parts"])
        ]
        assert len(holding) == 1 and holding[0]["kind"] == figure["feature"], figure
        assert holding[0]["followers"][figure["player"]] >= 1


async def test_reconnect_resumes_the_seat_and_late_spectator_sees_the_same(server):
    rng = random.Random(5)
    host, guest, code = await seated_pair(server)
    await start(host, guest)
    for _ in range(4):
        await play_turn([host, guest], rng)
    token = guest.token
    await guest.close()
    await host.until(lambda c: c.state["room"]["seats"][1]["presence"] == "away")

    # Back on "another device": same token, same seat, same state, and play goes on.
    back = await Client.connect(server.ws_url, code, token=token, name="whoever")
    assert back.you["seat"] == 1 and back.you["name"] == "Bo"
    await host.catch_up(back.seq)
    assert host.state["room"]["seats"][1]["presence"] == "online"
    assert back.state == host.state
    late = await Client.connect(server.ws_url, code, name="Late")
    await host.catch_up(late.seq)
    await back.catch_up(late.seq)
    assert late.state == host.state == back.state
    for _ in range(4):
        await play_turn([host, back], rng)
        await late.catch_up(host.seq)
    assert late.state == host.state
    for client in (host, back, late):
        await client.close()


async def test_host_ends_early_and_rematch_starts_with_the_next_seat(server):
    rng = random.Random(3)
    host, guest, _code = await seated_pair(server)
    await start(host, guest)
    first = host.game["seats"][0]
    for _ in range(3):
        await play_turn([host, guest], rng)
    await guest.send(type="end_game", turn=host.game["turn"])
    err = await guest.expect("error")
    assert err["code"] == "not_host"
    await host.send(type="end_game", turn=host.game["turn"] - 1)
    assert (await host.expect("error"))["code"] == "stale_turn"
    await host.send(type="end_game", turn=host.game["turn"])
    await host.until(lambda c: c.game["finished"])
    assert host.game["ended_early"] and host.game["results"]["ended_early"]
    assert host.state["room"]["status"] == "lobby"
    game_id = host.game["id"]
    async with httpx.AsyncClient(base_url=server.url) as http:
        detail = (await http.get(f"/api/games/{game_id}")).json()
    assert detail["ended_early"] and detail["status"] == "finished"

    await start(host, guest)
    assert host.game["id"] != game_id
    assert host.game["seats"][0] == 1 - first
    # A new game: only the start tile on the board, nothing played but the engine's own
    # discards of tiles drawn that fit nowhere.
    assert len(host.game["board"]) == 1 and not host.game["finished"]
    assert host.game["turn"] == sum("discarded" in t for t in host.game["turns"])
    await guest.catch_up(host.seq)
    for client in (host, guest):
        await client.close()


async def test_the_archive_keeps_the_advice_level_and_the_hints_each_player_asked_for(server):
    host, guest, _code = await seated_pair(server, hints="request")
    await start(host, guest)
    assert host.game["advice"] == "request"
    mover = host if host.my_turn() else guest
    await mover.send(type="hint", turn=mover.game["turn"])
    await mover.expect("hint", timeout=30)
    await host.until(lambda c: 1 in c.game["hints"])
    await host.send(type="end_game", turn=host.game["turn"])
    await host.until(lambda c: c.game["finished"])
    # The host turns advice off for the next game: the finished one keeps its own level.
    await host.send(type="set_options", hints="off")
    await host.until(lambda c: c.state["room"]["options"]["hints"] == "off")
    assert host.game["advice"] == "request"
    game_id = host.game["id"]
    async with httpx.AsyncClient(base_url=server.url) as http:
        detail = (await http.get(f"/api/games/{game_id}")).json()
        replay = (await http.get(f"/api/games/{game_id}/replay")).json()
    for shown in (detail, replay):
        assert shown["options"]["hints"] == "request"
        assert {p["seat"]: p["hints"] for p in shown["players"]} == {
            mover.you["seat"]: 1, (host if mover is guest else guest).you["seat"]: 0,
        }
    for client in (host, guest):
        await client.close()


async def test_lobby_seats_and_options(server):
    room = await create_room(server.url, seats=3)
    host = await Client.connect(server.ws_url, room["code"], token=room["token"], name="Ann")
    assert host.you == {"seat": 0, "host": True, "name": "Ann"}
    seats = host.state["room"]["seats"]
    assert [s["taken"] for s in seats] == [True, False, False]
    bo = await Client.connect(server.ws_url, room["code"], name="Bo")
    await bo.send(type="take_seat", seat=0, name="Bo", color="blue")
    assert (await bo.expect("error"))["code"] == "seat_taken"
    await bo.send(type="take_seat", seat=1, name="Bo", color="red")
    assert (await bo.expect("error"))["code"] == "color_taken"
    await bo.send(type="take_seat", seat=5, name="Bo", color="blue")
    assert (await bo.expect("error"))["code"] == "seat_invalid"
    await bo.send(type="take_seat", seat=2, name="  \u202e ", color="blue")
    assert (await bo.expect("error"))["code"] == "bad_name"
    await bo.send(type="start")
    assert (await bo.expect("error"))["code"] == "not_host"
    await bo.send(type="take_seat", seat=2, name="Bo", color="blue")
    seated = await bo.expect("seated")
    assert seated["token"] and bo.you["seat"] == 2
    await host.catch_up(bo.seq)
    await host.send(type="set_options", seats=2)
    assert (await host.expect("error"))["code"] == "bad_options"
    await host.send(type="remove_seat", seat=2)
    await bo.expect("you")
    assert bo.you["seat"] is None
    await host.send(type="set_options", seats=2, farmers=False)
    await host.until(lambda c: c.state["room"]["options"]["seats"] == 2)
    assert host.state["room"]["options"]["farmers"] is False
    await host.send(type="start")
    assert (await host.expect("error"))["code"] == "not_enough_players"
    # The old token no longer works: Bo reconnects as a watcher with a clear error.
    again = await Client.connect(server.ws_url, room["code"], token=bo.token, hello=False)
    await again.send(type="hello", protocol=PROTOCOL, token=bo.token)
    assert (await again.recv())["code"] == "bad_token"
    assert (await again.expect("welcome"))["you"]["seat"] is None
    await bo.send(type="take_seat", seat=1, name="Bo", color="blue")
    await bo.expect("seated")
    await bo.send(type="leave_seat")
    await bo.expect("you")
    assert bo.you["seat"] is None
    for client in (host, bo, again):
        await client.close()


async def test_chat_is_bounded_and_plain_text(server):
    host, guest, _code = await seated_pair(server)
    await guest.send(type="chat", text="<b>hi</b>\u0007 there")
    line = await host.expect("chat")
    assert line["text"] == "<b>hi</b> there" and line["name"] == "Bo" and line["seat"] == 1
    seq = host.seq
    await guest.send(type="chat", text="x" * 301)
    assert (await guest.expect("error"))["code"] == "chat_too_long"
    for _ in range(4):
        await guest.send(type="chat", text="spam")
    await guest.send(type="chat", text="one too many")
    codes = []
    while not codes:
        msg = await guest.recv()
        if msg["type"] == "error":
            codes.append(msg["code"])
    assert codes == ["chat_rate"]
    assert host.seq == seq, "chat never changes the state"
    late = await Client.connect(server.ws_url, _code, name="Late")
    assert [c["text"] for c in late.chat][:2] == ["<b>hi</b> there", "spam"]
    for client in (host, guest, late):
        await client.close()


async def test_http_api_shapes(server):
    async with httpx.AsyncClient(base_url=server.url) as http:
        health = (await http.get("/api/health")).json()
        assert health == {
            "status": "ok", "database": True, "protocol": PROTOCOL, "process": "local"
        }
        assert (await http.get("/api/health/live")).json() == {"status": "ok", "process": "local"}
        ready = await http.get("/api/health/ready")
        assert ready.status_code == 200 and ready.json() == {
            "status": "ready", "database": True, "schema_current": True, "writes": True,
            "redis": None,
            "process": "local",
        }
        tiles = (await http.get("/api/tiles")).json()
        assert tiles["D"]["edges"] == "CRFR"
        missing = await http.get("/api/games/999999")
        assert missing.status_code == 404
        # a refusal in English and as a code the page words in its reader's language
        assert missing.json() == {"detail": "No such game.", "code": "game_not_found", "args": {}}
        wrong = await http.get("/api/games/abc")
        assert wrong.status_code == 422 and wrong.json()["code"] == "bad_request"
        assert (await http.get("/api/games", params={"page": 0})).status_code == 422
        assert (await http.post("/api/rooms", json={"color": "pink"})).status_code == 422
        assert (await http.post("/api/rooms", json={"name": "\u0000"})).status_code == 422
        created = await http.post("/api/rooms")
        assert created.status_code == 201
        body = created.json()
        assert body["link"] == f"/r/{body['code']}" and len(body["token"]) >= 32
        info = (await http.get(f"/api/rooms/{body['code']}")).json()
        assert info["status"] == "lobby" and info["seats"][0]["taken"]
        gone = await http.get("/api/rooms/nosuchrm")
        assert gone.status_code == 404 and gone.json()["code"] == "room_not_found"
        spec = (await http.get("/openapi.json")).json()
        for path in ("/api/rooms", "/api/games", "/api/games/{game_id}",
                     "/api/games/{game_id}/log", "/api/games/{game_id}/replay", "/api/tiles"):
            assert path in spec["paths"]


async def test_bots_take_seats_and_hand_back(server):
    host, guest, _code = await seated_pair(server)
    await host.send(type="set_options", seats=3)
    await host.send(type="add_bot", seat=2, level="strong")
    await host.until(lambda c: [s["taken"] for s in c.state["room"]["seats"]] == [True] * 3)
    bot_seat = host.state["room"]["seats"][2]
    assert bot_seat["bot"] == "strong" and bot_seat["presence"] == "bot"
    assert bot_seat["color"] == "green" and bot_seat["name"] == "Bot 3"
    await guest.send(type="add_bot", seat=2)
    assert (await guest.expect("error"))["code"] == "not_host"
    await host.send(type="take_back", seat=2)
    assert (await host.expect("error"))["code"] == "not_a_bot"
    await host.send(type="remove_seat", seat=2)
    await host.until(lambda c: not c.state["room"]["seats"][2]["taken"])
    await start(host, guest)
    await host.send(type="hand_to_bot", seat=1)
    await host.until(lambda c: c.state["room"]["seats"][1]["bot"] == "easy")
    await guest.catch_up(host.seq)
    # A bot plays the seat: no place of its person is accepted, whoever is to move.
    await guest.send(type="place", turn=guest.game["turn"], x=1, y=0, rot=0)
    refused = await guest.expect("error")
    assert refused["code"] == "not_your_turn" and "bot plays your seat" in refused["message"]
    await guest.send(type="take_back", seat=1)
    await guest.until(lambda c: c.state["room"]["seats"][1]["bot"] is None)
    for client in (host, guest):
        await client.close()


async def test_a_river_game_starts_at_the_spring_and_its_log_says_so(server):
    rng = random.Random(15)
    host, guest, _code = await seated_pair(server, river=True, tileset="classic")
    assert host.state["room"]["options"]["river"] is True
    await start(host, guest)
    game = host.game
    assert game["board"][0] == {"x": 0, "y": 0, "tile": "R01", "rot": 0}
    assert game["river"] == {"open": {"x": 1, "y": 0}}
    assert game["drawn_tile"].startswith("R")
    # The river comes first: every tile of the first eleven turns is a River tile.
    while not game["finished"] and game["turn"] < 11:
        await play_turn([host, guest], rng)
        game = host.game
    assert all(t.get("tile", t.get("discarded", "")).startswith("R") for t in game["turns"])
    async with httpx.AsyncClient(base_url=server.url) as http:
        log = (await http.get(f"/api/games/{game['id']}/log")).json()
    assert log["options"] == {"tileset": "classic", "farmers": True, "abbot": False,
                              "river": True}
    assert log["turns"] == game["turns"]
    for client in (host, guest):
        await client.close()
