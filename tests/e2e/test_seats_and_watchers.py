"""Who is at the table, in real browsers: a player takes their seat to another device with
their personal link (offered to them only), and the players see who watches the game."""

from __future__ import annotations

import pytest
from room_page import create_room, sit

pytestmark = pytest.mark.e2e

YOU = "window.__game?.state.you"
MENU = "#invite-menu"


def start(host, *others, seats: int = 2) -> None:
    """The host starts the game once `seats` seats are taken; every page shows it."""
    host.wait_for_function(f"document.querySelectorAll('.seat:not(.free)').length === {seats}")
    host.click("[data-action=start]")
    for page in (host, *others):
        page.wait_for_function("document.body.dataset.mode === 'playing'")


def copy_personal_link(page) -> str:
    """Open the invite menu, copy the personal link, read it back from the clipboard."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    menu = page.locator(MENU)
    menu.wait_for(state="visible")
    assert "do not share it" in menu.locator(".warning").text_content()
    menu.locator("[data-action=copy-personal]").click()
    page.wait_for_selector(".toast >> text=Your personal link is copied")
    return page.evaluate("navigator.clipboard.readText()")


def test_a_personal_link_takes_the_seat_to_another_device(live_server, new_page, artifacts):
    host = new_page()
    url = create_room(host, live_server, "Ann")
    guest = new_page(375, 740, touch=True)
    sit(guest, url, "Bo")
    seat = guest.evaluate(f"{YOU}.seat")
    watcher = new_page()
    watcher.goto(url)
    watcher.wait_for_selector(f"{MENU} [data-action=copy-invite]", state="attached")
    # a spectator is offered the invite link, never a personal link
    assert watcher.locator("[data-action=other-device]").count() == 0
    assert watcher.locator(f"{MENU} [data-action=copy-personal]").count() == 0

    # in the lobby: the seated player's own link, which names their seat
    guest.click("[data-action=other-device]")
    guest.screenshot(path=str(artifacts / "personal-link-phone.png"))
    link = copy_personal_link(guest)
    token = guest.evaluate(f"localStorage.getItem('carc:token:{url.rsplit('/', 1)[1]}')")
    assert link == f"{url}#token={token}"
    other = new_page()
    other.goto(link)
    other.wait_for_function(f"{YOU}?.seat === {seat}")
    assert other.evaluate("location.hash") == ""  # the token leaves the address bar
    assert other.locator("[data-action=other-device]").is_visible()

    # during the game: from the top bar, on a laptop
    start(host, guest, other)
    host.click("#invite")
    host_link = copy_personal_link(host)
    assert host_link != link
    device = new_page()
    device.goto(host_link)
    device.wait_for_function(f"{YOU}?.seat === {host.evaluate(f'{YOU}.seat')} && {YOU}.host")
    device.wait_for_function("document.body.dataset.mode === 'playing'")


def test_players_see_who_watches_the_game(live_server, new_page, artifacts):
    host = new_page()
    url = create_room(host, live_server, "Ann")
    guest = new_page(375, 740, touch=True)
    sit(guest, url, "Bo")
    start(host, guest)
    assert host.locator("[data-watchers]").count() == 0

    first = new_page()
    first.add_init_script("localStorage.setItem('carc:name', 'Cy')")
    first.goto(url)
    first.wait_for_function("document.body.dataset.mode === 'playing'")
    for page in (host, guest):
        page.wait_for_selector("[data-watchers='1']")
    count = host.locator("[data-watchers]")
    assert count.text_content() == "1 watching"
    assert count.get_attribute("title") == "Watching: Cy"

    second = new_page()
    second.goto(url)
    second.wait_for_function("document.body.dataset.mode === 'playing'")
    for page in (host, guest):
        page.wait_for_selector("[data-watchers='2']")
    assert count.get_attribute("title") == "Watching: Cy, Guest"
    guest.locator("[data-watchers]").tap()
    guest.wait_for_selector(".toast >> text=Watching: Cy, Guest")
    host.screenshot(path=str(artifacts / "watchers.png"))
    guest.screenshot(path=str(artifacts / "watchers-phone.png"))

    second.close()
    host.wait_for_selector("[data-watchers='1']")
