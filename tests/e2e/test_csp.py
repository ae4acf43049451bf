"""The pages satisfy their own Content-Security-Policy: in Chromium, no page reports a
violation, from the home page through a game to its replay."""

from __future__ import annotations

import urllib.request

from room_page import GAME, host_vs_bot

# Every violation the page reports, kept where the test can read it.
WATCH = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) =>
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
"""


def test_no_page_breaks_its_content_security_policy(live_server, new_page):
    page = new_page()
    page.add_init_script(WATCH)
    with urllib.request.urlopen(live_server + "/") as answer:
        policy = answer.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    seen = {}
    page.goto(live_server + "/")
    seen["home"] = page.evaluate("window.__csp")
    host_vs_bot(page, live_server, options={"seats": 2})
    page.wait_for_function(f"{GAME} !== null && {GAME}.board.length >= 1")
    seen["game"] = page.evaluate("window.__csp")
    page.click("#help-btn")
    seen["rules"] = page.evaluate("window.__csp")
    page.keyboard.press("Escape")
    page.click("[data-action=end-game]")  # the confirmation is accepted by the fixture
    page.wait_for_function(f"{GAME}.finished")
    seen["results"] = page.evaluate("window.__csp")
    game_id = page.evaluate(f"{GAME}.id")
    page.goto(f"{live_server}/games/{game_id}")
    page.wait_for_function("document.querySelector('canvas') !== null")
    seen["replay"] = page.evaluate("window.__csp")
    page.goto(live_server + "/r/zzzzzzzz")
    seen["missing room"] = page.evaluate("window.__csp")
    assert all(not found for found in seen.values()), seen
