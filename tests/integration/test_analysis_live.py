"""The table's analysis over real sockets, on SQLite and PostgreSQL: refused at a table without
advice, answered with hints on, a watcher's access as the advice level says, and the archive
keeping who looked."""

from __future__ import annotations

import httpx
from wsclient import Client, seated_pair, start

from app.engine import from_log, table_analysis


async def ask(client: Client, ref: int) -> dict:
    await client.send(type="analysis", ref=ref)
    while True:
        message = await client.recv()
        if message["type"] in ("analysis", "error"):
            return message


async def started_with_watcher(server, **options) -> tuple[Client, Client, Client]:
    """Ann and Bo at a game started with `options`, and Cy watching."""
    host, guest, code = await seated_pair(server, **options)
    watcher = await Client.connect(server.ws_url, code, name="Cy")
    await start(host, guest, watcher)
    return host, guest, watcher


async def test_a_table_without_advice_is_refused_the_analysis(server):
    host, guest, watcher = await started_with_watcher(server)  # hints "off", the default
    for i, client in enumerate((host, guest, watcher)):
        answer = await ask(client, i)
        assert answer["type"] == "error"
        assert (answer["code"], answer["ref"]) == ("analysis_off", i)
        assert answer["args"] == {"advice": "off", "watcher": client is watcher}
    assert host.game["analysis"] == [False, False]
    for client in (host, guest, watcher):
        await client.close()


async def test_with_hints_on_request_the_players_get_it_and_the_archive_says_who(server):
    host, guest, watcher = await started_with_watcher(server, hints="request")
    refused = await ask(watcher, 7)
    assert (refused["type"], refused["code"]) == ("error", "analysis_off")
    assert refused["args"] == {"advice": "request", "watcher": True}

    answer = await ask(guest, 1)
    assert answer["type"] == "analysis"
    game = guest.game
    assert (answer["game"], answer["turn"]) == (game["id"], game["turn"])
    # The tiles left are the public counts and the drawn tile; the open squares, what fits
    # them and the dead ones are what the engine says of the game rebuilt from its public log.
    left = dict(game["bag"])
    left[game["drawn_tile"]] = left.get(game["drawn_tile"], 0) + 1
    assert answer["tiles"] == left
    assert sum(answer["draws"]) == game["tiles_left"] + 1
    async with httpx.AsyncClient(base_url=server.url) as http:
        log = (await http.get(f"/api/games/{game['id']}/log")).json()
    replayed = table_analysis(from_log(log)).to_dict()
    assert answer["squares"] == replayed["squares"] and answer["dead"] == replayed["dead"]
    assert [(f["id"], f["squares"], f["counts"], f["closable"]) for f in answer["features"]] == [
        (f["id"], f["squares"], f["counts"], f["closable"]) for f in replayed["features"]
    ]
    assert all(0 <= c <= 1 for f in answer["features"] for c in f["chance"])

    # Everyone sees that the guest looked; the host, who has not, is not marked.
    guest_player = game["seats"].index(guest.you["seat"])
    await host.until(lambda c: c.game["analysis"][guest_player])
    assert host.game["analysis"][1 - guest_player] is False
    await host.send(type="end_game", turn=host.game["turn"])
    await host.until(lambda c: c.game["finished"])
    assert host.game["results"]["analysis"] == host.game["analysis"]
    async with httpx.AsyncClient(base_url=server.url) as http:
        detail = (await http.get(f"/api/games/{game['id']}")).json()
        replay = (await http.get(f"/api/games/{game['id']}/replay")).json()
        page = (await http.get("/api/games", params={"per_page": 100})).json()
    (listed,) = [g for g in page["items"] if g["id"] == game["id"]]
    for shown in (detail, replay, listed):
        assert {p["seat"]: p["analysis"] for p in shown["players"]} == {
            guest.you["seat"]: True, host.you["seat"]: False,
        }
    for client in (host, guest, watcher):
        await client.close()


async def test_with_the_coach_a_watcher_gets_it_too(server):
    host, guest, watcher = await started_with_watcher(server, hints="coach")
    answer = await ask(watcher, 3)
    assert answer["type"] == "analysis" and answer["turn"] == watcher.game["turn"]
    assert answer["squares"] and answer["features"]
    # A watcher's look is not the table's: nobody is marked.
    assert (await ask(host, 4))["type"] == "analysis"
    host_player = host.game["seats"].index(host.you["seat"])
    await watcher.until(lambda c: c.game["analysis"][host_player])
    assert watcher.game["analysis"][1 - host_player] is False
    for client in (host, guest, watcher):
        await client.close()
