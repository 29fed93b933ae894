"""No words cut on a phone (issue 38, item 8), at 390 x 844 in English and Japanese:
Rewild's card names (「アナホリフ…」), Ducks' cards' place names ("ountain"), Ducks' row
names broken inside a word (「ロケ/ーションカー/ド」), the share box's tick far from its
words; and a card face looked at (Rewild, Ducks) opens whole on a tap."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from conftest import PHONE_390, open_app, shot
from helpers import fix_seeds, new_game, play_until_over, wait_idle

ROOT = Path(__file__).resolve().parents[1]

# Elements whose content runs past their box (cut by overflow, or by a line clamp).
CLIPPED = """(sel) => [...document.querySelectorAll(sel)]
  .filter((e) => e.clientWidth
    && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1))
  .map((e) => e.textContent)"""

# Every Rewild display card's name set to `name` in turn: the names that do not fit.
LONG_NAMES = """([sel, names]) => {
  const cut = [];
  const els = [...document.querySelectorAll(sel)];
  const kept = els.map((e) => e.querySelector('.rw-name').textContent);
  for (const name of names) {
    for (const card of els) {
      card.querySelector('.rw-name').textContent = name;
      const over = card.scrollHeight > card.clientHeight + 1;
      if (card.scrollWidth > card.clientWidth + 1 || over) cut.push(name);
      const n = card.querySelector('.rw-name');
      if (n.scrollHeight > n.clientHeight + 1 && n.clientHeight) cut.push(name);
    }
  }
  els.forEach((card, i) => { card.querySelector('.rw-name').textContent = kept[i]; });
  return [...new Set(cut)];
}"""

# SVG texts of Ducks' card faces that run past their card (the viewBox).
SVG_CUT = """() => [...document.querySelectorAll('#board svg.dit-card-face')].flatMap((svg) => {
  const vb = svg.viewBox.baseVal;
  return [...svg.querySelectorAll('text')].filter((t) => {
    const b = t.getBBox();
    return b.width && (b.x < vb.x - 0.5 || b.x + b.width > vb.x + vb.width + 0.5);
  }).map((t) => t.textContent);
})"""

# Row names (Ducks' panel) whose `words` are broken across lines.
BROKEN_WORDS = """(words) => {
  const out = [];
  for (const dt of document.querySelectorAll('#board .dit-player .kv dt')) {
    const chars = [];  // [text node, offset] of each character, across the <wbr>s
    const walk = document.createTreeWalker(dt, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      for (let k = 0; k < node.data.length; k++) chars.push([node, k]);
    }
    const text = dt.textContent;
    for (const w of words) {
      for (let i = text.indexOf(w); i >= 0; i = text.indexOf(w, i + 1)) {
        const tops = new Set(chars.slice(i, i + w.length).map(([node, k]) => {
          const r = document.createRange();
          r.setStart(node, k);
          r.setEnd(node, k + 1);
          return Math.round(r.getBoundingClientRect().top);
        }));
        if (tops.size > 1) out.push(`${text} / ${w}`);
      }
    }
  }
  return out;
}"""


def rewild_longest_names(lang: str, count: int = 6) -> list[str]:
    text = (ROOT / "web/src/titles/rewild-south-america/strings.js").read_text()
    ja = text.index("export const ja")
    part = text[ja:] if lang == "ja" else text[:ja]
    names = re.findall(r"'rw\.card\.\w+': '([^']*)'", part)
    return sorted(set(names), key=len, reverse=True)[:count]


def set_lang(page: Any, lang: str) -> None:
    page.select_option("#lang-select", lang)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_rewild_card_names_whole_and_a_card_opens_on_a_tap(server, new_context, lang):
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    set_lang(page, lang)
    new_game(page, "rewild-south-america", ["human", "bot"])
    cards = "#board .rw-display .rw-card:not(.empty)"
    assert page.query_selector_all(cards)
    assert page.evaluate(CLIPPED, f"{cards}, {cards} .rw-name") == []
    # the hand's cards too ("Harvest" ran past its card)
    assert page.evaluate(CLIPPED, "#board .rw-hand .rw-action") == []
    longest = rewild_longest_names(lang)
    assert page.evaluate(LONG_NAMES, [cards, longest]) == [], longest
    shot(page, f"clip-rewild-390-{lang}")
    # a card looked at opens whole: its name and what it does
    # read and tapped in one step: a redraw between the two (the full-page screenshot
    # above resizes the page) may replace the card or change which one comes first
    name = page.evaluate(
        """() => { const face = document.querySelector('#board .rw-display .rw-card .zoom-face');
          if (!face) return null; const name = face.querySelector('.rw-name').textContent;
          face.click(); return name; }"""
    )
    assert name, "a display card is a face to open"
    page.wait_for_selector("#card-zoom[open]")
    assert name in page.inner_text("#card-zoom h3")
    shot(page, f"clip-rewild-zoom-390-{lang}")
    page.click("#card-zoom-close")
    assert page.errors == []


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_ducks_place_names_and_row_names_whole(server, new_context, lang):
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    set_lang(page, lang)
    fix_seeds(page, 4, 4)  # seed 4 deals a Fountain to the display and to the hand
    new_game(page, "ducks-in-tow", ["human", "bot"])
    wait_idle(page)
    texts = page.eval_on_selector_all(
        "#board svg.dit-card-face text", "els => els.map((e) => e.textContent)"
    )
    fountain = "Fountain" if lang == "en" else "噴水"
    assert fountain in texts, texts
    assert page.evaluate(SVG_CUT) == []
    words = (
        ["Completed", "Formations"]
        if lang == "en"
        else ["ロケーション", "カード", "フォーメーション"]
    )
    assert page.evaluate(BROKEN_WORDS, words) == []
    assert page.evaluate(CLIPPED, "#board .dit-player .kv dt") == []
    shot(page, f"clip-ducks-390-{lang}")
    # a card face opens whole on a tap
    page.click("#board .dit-player .zoom-face >> nth=0")
    page.wait_for_selector("#card-zoom[open]")
    assert page.query_selector("#card-zoom svg.dit-card-face")
    assert page.evaluate(SVG_CUT.replace("#board ", "#card-zoom ")) == []
    shot(page, f"clip-ducks-zoom-390-{lang}")
    page.click("#card-zoom-close")
    # a card taken on a tap opens whole on a press and hold, and is not taken then
    before = page.get_attribute("#turn", "data-seq")
    page.click("#step-controls [data-move*='gift-cards']")
    page.wait_for_function("(v) => document.querySelector('#turn').dataset.seq !== v", arg=before)
    wait_idle(page)
    at = page.get_attribute("#turn", "data-seq")
    page.click("#board button.card.face.legal >> nth=0", button="right")
    page.wait_for_selector("#card-zoom[open]")
    assert page.query_selector("#card-zoom svg.dit-card-face")
    page.click("#card-zoom-close")
    assert page.get_attribute("#turn", "data-seq") == at
    assert page.errors == []


def test_the_share_tick_stands_by_its_words(server, new_context):
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    new_game(page, "high-card", ["human", "bot"], options={"deck_size": 4, "hand_size": 1})
    play_until_over(page)
    page.wait_for_selector("#share-names")
    gap = page.evaluate(
        """() => {
          const box = document.querySelector('#share-names').getBoundingClientRect();
          const label = document.querySelector('#share-names').closest('label');
          const text = [...label.childNodes].filter((n) => n.nodeType === 3 && n.data.trim()).pop();
          const r = document.createRange();
          r.selectNodeContents(text);
          return r.getClientRects()[0].left - box.right;
        }"""
    )
    assert 0 <= gap < 16, gap
    shot(page, "clip-share-390")
    assert page.errors == []
