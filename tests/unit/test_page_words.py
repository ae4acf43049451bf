"""The server words its pages as the client would (web/language.py): the language chosen as
the client chooses it, every `data-i18n` text and `data-i18n-<attribute>` put in, escaped."""

from __future__ import annotations

import re
from html import escape as html_escape
from pathlib import Path

import pytest

from app.server.web.language import catalogues, choose, word_page, words

STATIC = Path(__file__).resolve().parents[2] / "static"
SPOKEN = {"en", "de", "fr", "pl"}


@pytest.mark.parametrize(("cookie", "accept", "lang"), [
    ("pl", "de", "pl"),  # the switcher's choice first
    ("xx", "fr-CA,fr;q=0.9", "fr"),  # a cookie naming no language we speak: the browser's
    (None, "ja;q=1, de-AT;q=0.8, fr;q=0.9", "fr"),  # by weight, the first we speak
    (None, "ja, DE", "de"),  # in order when weights are equal; any case
    (None, "de;q=0, fr;q=x", "en"),  # weight 0 is "not this"; a bad weight too
    (None, None, "en"),
    (None, "", "en"),
])
def test_the_language_is_chosen_as_the_client_chooses_it(cookie, accept, lang):
    assert choose(SPOKEN, cookie, accept) == lang


def test_texts_and_attributes_are_worded_and_escaped():
    catalogue = {"a": "Tom & <Jerry>", "b": 'say "hi" to {name}',
                 "c": {"one": "1 x", "other": "n x"}}
    page = ('<p class="x" data-i18n="a">old</p><button title="t" data-i18n-title="b" hidden>'
            '<span data-i18n="c">old <i>gone</i></span><b data-i18n="nope">k</b>')
    assert word_page(page, catalogue, {"name": "Ann"}) == (
        '<p class="x" data-i18n="a">Tom &amp; &lt;Jerry&gt;</p>'
        '<button title="say &quot;hi&quot; to Ann" data-i18n-title="b" hidden>'
        '<span data-i18n="c">n x<i>gone</i></span><b data-i18n="nope">nope</b>')
    # a placeholder without its argument stays as the client's `t()` leaves it
    assert words(catalogue, "b", {}) == 'say "hi" to {name}'


@pytest.mark.parametrize("page", ["index.html", "room.html", "replay.html"])
def test_every_page_is_worded_in_every_language(page):
    html = (STATIC / page).read_text(encoding="utf-8")
    for lang, catalogue in catalogues(STATIC).items():
        worded = word_page(html, catalogue, {"count": "5"})
        for key, text in re.findall(r'data-i18n="([^"]+)">([^<]*)<', worded):
            assert text == words(catalogue, key, {"count": "5"}).replace("&", "&amp;"), (lang, key)
        for attr, key in re.findall(r'data-i18n-([\w-]+)="([^"]+)"', worded):
            tag = next(t for t in re.findall(r"<[^>]+>", worded)
                       if f'data-i18n-{attr}="{key}"' in t)
            value = re.search(rf' {attr}="([^"]*)"', tag)
            assert value and value.group(1) == html_escape(words(catalogue, key, {})), (lang, key)
        # nothing else changed: the markup is the page's, tag for tag
        assert re.findall(r"<(\w+)", worded) == re.findall(r"<(\w+)", html)
