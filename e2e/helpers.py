"""UI steps shared by the e2e tests: they drive the app the way a player does."""

from __future__ import annotations

import json
import time
from typing import Any


def new_game(
    page: Any,
    game: str,
    kinds: list[str],
    *,
    takeback: str = "casual",
    options: dict[str, Any] | None = None,
    title: str = "",
    names: list[str] | None = None,
    bots: dict[int, str] | None = None,
    online: bool = False,
) -> str:
    """Fill in the new-game form and start; kinds per seat: 'human' | 'bot' | 'remote';
    `bots` names a bot seat's bot (else the title's own); `online`: hosted by the server
    even with no remote seat (it deals and plays the bots).

    Returns the game row id.
    """
    page.goto(page.url.split("#")[0] + "#/new")
    page.wait_for_selector("#ng-create")
    page.select_option("#ng-game", game)
    page.select_option("#ng-players", str(len(kinds)))
    for seat, kind in enumerate(kinds):
        page.select_option(f"#ng-seat-{seat}-kind", kind)
    for seat, bot in (bots or {}).items():
        page.select_option(f"#ng-seat-{seat}-bot", bot)
    for name, value in (options or {}).items():
        selector = f"#ng-opt-{name}"
        if isinstance(value, bool):
            page.set_checked(selector, value)
        elif page.eval_on_selector(selector, "el => el.tagName") == "SELECT":
            page.select_option(selector, str(value))
        else:
            page.fill(selector, str(value))
    for seat, name in enumerate(names or []):
        page.fill(f"#ng-seat-{seat}-name", name)
    if title:
        page.fill("#ng-title", title)
    page.select_option("#ng-takeback", takeback)
    if online:
        page.set_checked("#ng-online", True)
    page.click("#ng-create")
    page.wait_for_url("**/#/game/**")
    page.wait_for_selector("#turn")
    wait_idle(page)
    return page.url.split("#/game/")[1]


def join_game(page: Any, code: str, name: str = "") -> str:
    """Join a hosted game from home by its invite code, naming oneself; the row id."""
    page.goto(page.url.split("#")[0] + "#/")
    page.fill("#join-code", code)
    page.click("#join-code ~ button[type=submit]")
    if name:
        page.fill("#join-name", name)
    page.click("#join-claim")
    page.wait_for_url("**/#/game/hosted-**")
    wait_idle(page)
    return page.url.split("#/game/")[1]


def wait_idle(page: Any, timeout: float = 30) -> None:
    """Until the game screen stops changing (bots done, engine replies in)."""
    deadline = time.monotonic() + timeout
    last = None
    stable = 0
    while time.monotonic() < deadline:
        state = page.evaluate(
            """() => {
              const turn = document.querySelector('#turn');
              return [turn?.textContent, turn?.dataset.seq,
                document.querySelectorAll('#move-list button').length,
                !!document.querySelector('#end-screen'),
                document.querySelector('#cover-ready') && !document.querySelector('.cover').hidden];
            }"""
        )
        if state == last:
            stable += 1
            if stable >= 3:
                return
        else:
            stable = 0
        last = state
        page.wait_for_timeout(120)


def legal_moves(page: Any) -> list[dict[str, Any]]:
    """The moves the action list offers (each button carries its move's type)."""
    return page.evaluate(
        "() => [...document.querySelectorAll('#move-list button')].map(b => b.textContent)"
    )


def click_move(page: Any, index: int = 0) -> None:
    details = page.query_selector("details.all-moves")
    if details and details.get_attribute("open") is None:
        page.click("#all-moves")
    before = page.get_attribute("#turn", "data-seq")
    page.click(f"#move-list li:nth-child({index + 1}) button")
    wait_answer(page, before)
    wait_idle(page)


def wait_answer(page: Any, before: str) -> None:
    """Until a move made at seq `before` is in (the seq moves on) or refused."""
    page.wait_for_function(
        """(b) => document.querySelector('#turn')?.dataset.seq !== b
          || document.querySelector('#move-error:not([hidden])')""",
        arg=before,
    )


def wait_played(page: Any, before: str) -> None:
    """Until a move made at seq `before` is in; a refusal fails the test with its words."""
    wait_answer(page, before)
    assert page.is_hidden("#move-error"), page.inner_text("#move-error")


def share_link(page: Any) -> str:
    """Share the finished game on screen: the link the share box shows."""
    page.click("#share")
    page.wait_for_selector("#share-link:not([hidden])")
    link: str = page.input_value("#share-link")
    return link


def board_moves(page: Any) -> list[dict[str, Any]]:
    """Moves highlighted on the board (SVG targets carry their move as data-move)."""
    return [
        json.loads(m)
        for m in page.eval_on_selector_all("[data-move]", "els => els.map(e => e.dataset.move)")
    ]


def pass_cover(page: Any) -> None:
    if page.is_visible("#cover-ready"):
        page.click("#cover-ready")
        wait_idle(page)


def move_types(page: Any) -> list[str]:
    return page.eval_on_selector_all("#move-list button", "els => els.map(e => e.dataset.type)")


def play_until_over(page: Any, choose: Any = None, limit: int = 2000) -> int:
    """Click legal moves (choose(types) -> index, default the first) until the end screen."""
    moves = 0
    while not page.query_selector("#end-screen"):
        pass_cover(page)
        types = move_types(page)
        if not types:
            wait_idle(page)
            if page.query_selector("#end-screen"):
                break
            types = move_types(page)
            assert types, f"no legal moves and no end screen: {page.inner_text('#turn')}"
        click_move(page, choose(types) if choose else 0)
        moves += 1
        assert moves < limit, "the game did not end"
    return moves


def fix_seeds(page: Any, *seeds: int) -> None:
    """The seeds the next new games and their bots get, in order (the PWA's test hook
    `kifu.seeds`, web/src/ui.js newSeed): the same game every run."""
    page.evaluate("(s) => localStorage.setItem('kifu.seeds', JSON.stringify(s))", list(seeds))


def game_rows(page: Any) -> list[dict[str, Any]]:
    """Every game row the PWA keeps in IndexedDB (database 'kifu', store 'games'); a
    row's compact record (`record_kifu`, a Uint8Array there) as bytes."""
    rows: list[dict[str, Any]] = page.evaluate(
        """() => new Promise((resolve, reject) => {
          const open = indexedDB.open('kifu');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const get = open.result.transaction('games').objectStore('games').getAll();
            const bytes = (row) => {
              const out = row.record_kifu instanceof Uint8Array
                ? { ...row, record_kifu: Array.from(row.record_kifu), kifu_type: 'Uint8Array' }
                : row;
              const kept = row.hosted?.recordKifu;
              if (kept instanceof Uint8Array) {
                out.hosted = { ...row.hosted, recordKifu: Array.from(kept) };
              }
              return out;
            };
            get.onsuccess = () => resolve(get.result.map(bytes));
          };
        })"""
    )
    for row in rows:
        if isinstance(row.get("record_kifu"), list):
            row["record_kifu"] = bytes(row["record_kifu"])
        if isinstance((row.get("hosted") or {}).get("recordKifu"), list):
            row["hosted"]["recordKifu"] = bytes(row["hosted"]["recordKifu"])
    return rows


def row_record(row: dict[str, Any]) -> Any:
    """The kernel Record a game row keeps (compact bytes, or the JSON of an older row)."""
    from core import games
    from core.kernel import decode_record, record_game
    from tests.kernel import fixture_game

    games.register(fixture_game.GAME)  # the small game the flows play (conftest)
    if row.get("record_kifu") is not None:
        data, fmt = row["record_kifu"], "compact"
    else:
        data, fmt = row["record_json"].encode(), "json"
    return decode_record(data, games.get(record_game(data, fmt)), fmt)


def record_file(path: Any) -> Any:
    """The kernel Record of an exported file: `.kifu` (compact) or JSON."""
    from pathlib import Path

    data = Path(path).read_bytes()
    return row_record({"record_json": data.decode()} if data[:1] == b"{" else {"record_kifu": data})


def put_row(page: Any, row: dict[str, Any]) -> None:
    """Write a game row into the PWA's IndexedDB as it is (e.g. one an older PWA wrote)."""
    page.evaluate(
        """(row) => new Promise((resolve, reject) => {
          const open = indexedDB.open('kifu');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('games', 'readwrite');
            tx.objectStore('games').put(row);
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          };
        })""",
        row,
    )


def sideways_overflow(page: Any) -> int:
    """How far the page scrolls sideways (px; 0 or less: not at all)."""
    overflow: int = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    return overflow


def seq(page: Any) -> int:
    """The seq of the game on screen (the turn line's data-seq)."""
    return int(page.get_attribute("#turn", "data-seq"))


def wait_seq(page: Any, value: int, timeout: float = 20_000) -> None:
    """Wait until the game on screen is at `value`, then until the app is idle."""
    page.wait_for_function(
        "(v) => Number(document.querySelector('#turn')?.dataset.seq) === v",
        arg=value,
        timeout=timeout,
    )
    wait_idle(page)


# Are the board's main part (`board`: a CSS selector), the acting player's panel and the
# step's controls all on screen, above the bottom bar? {part: 'ok' | 'none' | why not}.
_IN_VIEW = """(board) => {
  window.scrollTo(0, 0);
  const bar = document.querySelector('#game-bar').getBoundingClientRect().top;
  const parts = {
    board: document.querySelector(board),
    acting: document.querySelector('#board [data-stage=acting]'),
    controls: document.querySelector('#step-controls'),
  };
  const out = {};
  for (const [name, el] of Object.entries(parts)) {
    if (!el) { out[name] = name === 'controls' ? 'none' : 'missing'; continue; }
    const r = el.getBoundingClientRect();
    out[name] = r.top >= 0 && r.bottom <= bar + 1 && r.left >= 0 && r.right <= innerWidth + 1
      ? 'ok' : `out: ${Math.round(r.top)}..${Math.round(r.bottom)} (bar at ${Math.round(bar)})`;
  }
  return out;
}"""


def in_view(page: Any, board: str) -> dict[str, str]:
    """Where the board (selector `board`), the acting panel and the controls stand."""
    where: dict[str, str] = page.evaluate(_IN_VIEW, board)
    return where


def score_rows(page: Any) -> list[list[str]]:
    """The end screen's score table, best first: [rank, name, score] a row."""
    return page.eval_on_selector_all(
        "#end-screen table.scores tbody tr",
        "trs => trs.map(tr => [...tr.children].map(c => c.textContent.replace(' ★', '')))",
    )


# Every message the page posts to the engine worker, by op (core.browser's; a sync
# step by its core.sync call): installed before the app starts.
COUNT_ENGINE_CALLS = """
window.engineCalls = [];
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (msg, ...rest) {
  if (msg && msg.type === 'call') {
    window.engineCalls.push(msg.op === 'sync' ? `sync:${msg.args.call}` : msg.op);
  }
  return post.call(this, msg, ...rest);
};
"""


def open_imported(new_context: Any, url: str, directory: Any, lang: str, data: bytes) -> Any:
    """A record file (`data`) imported on a fresh phone at 390 x 844 in `lang`, its
    game shown past the hot-seat cover."""
    from pathlib import Path

    from conftest import PHONE_390, open_app

    path = Path(directory) / "imported.kifu"
    path.write_bytes(data)
    page = open_app(new_context(PHONE_390).new_page(), url)
    page.select_option("#lang-select", lang)
    page.set_input_files("#import-file", str(path))
    page.wait_for_url("**/#/game/**")
    wait_idle(page)
    pass_cover(page)
    return page


# Every move the board and its controls offer: its key, type, and the picker holding it.
OFFERED = """() => [...document.querySelectorAll('#board [data-move]')].map((el, i) => {
  el.dataset.pick = String(i);
  const picker = el.closest('details.picker');
  const box = el.getBoundingClientRect();
  return { i, move: JSON.parse(el.dataset.move), picker: picker ? picker.dataset.type : null,
           open: picker ? picker.open : true, control: !!el.closest('#step-controls'),
           shown: el.checkVisibility({ visibilityProperty: true, opacityProperty: true })
             && box.width > 0 && box.height > 0 };
})"""
# The first space or card that leads to a choice (data-leads, data-select) not yet chosen
# (`tapped`: the keys of those tapped already for this move); its key, or null.
LEAD = """(tapped) => {
  const key = (el) => `${el.getAttribute('aria-label')}|${el.dataset.leads || el.dataset.select}`;
  const lead = [...document.querySelectorAll('#board [data-leads], #board [data-select]')].find(
    (el) => el.checkVisibility({ visibilityProperty: true })
      && el.getAttribute('aria-pressed') !== 'true' && !tapped.includes(key(el))
      && !el.matches('.picked, .on') && !el.querySelector('.picked'));
  if (!lead) return null;
  lead.dataset.lead = '1';
  return key(lead);
}"""


def tap_once(page: Any, order: list[str]) -> tuple[str, str]:
    """Tap the preferred move (after the space leading to it, when a move needs a choice
    made next); returns (its type, where: board | control | picker)."""
    offered = page.evaluate(OFFERED)
    tapped: list[str] = []
    for _ in range(5):  # a move made in several taps (a card, then where it goes)
        lead = None if any(o["shown"] for o in offered) else page.evaluate(LEAD, tapped)
        if lead is None:
            break
        tapped.append(lead)
        page.click("[data-lead='1']")
        page.evaluate("document.querySelector(\"[data-lead='1']\")?.removeAttribute('data-lead')")
        offered = page.evaluate(OFFERED)
    if not offered:  # what the failure needs said, gathered only when it fails
        from conftest import shot

        shot(page, "tap-nothing-offered")
        leads = page.eval_on_selector_all(
            "#board [data-leads]", "els => els.map((el) => el.getAttribute('aria-label'))"
        )
        raise AssertionError(
            f"nothing to tap: {page.inner_text('#turn')}; legal: {move_types(page)[:8]}; "
            f"tapped first: {tapped}; leads now: {leads[:6]}"
        )
    rank = {kind: n for n, kind in enumerate(order)}
    choice = min(
        offered, key=lambda o: (not o["shown"], rank.get(o["move"]["type"], len(order)), o["i"])
    )
    if not choice["open"]:
        page.click(f"details.picker[data-type='{choice['picker']}'] > summary")
    before = page.get_attribute("#turn", "data-seq")
    page.click(f"[data-pick='{choice['i']}']")
    wait_played(page, before)
    where = "picker" if choice["picker"] else "control" if choice["control"] else "board"
    return str(choice["move"]["type"]), where


# The Gift Shop's food picker is tapped once (FIRST_ONLY); after that the order keeps a
# game short (about 100 taps): buying cards again and again would stretch it past 700.
DUCKS_ORDER = [
    "gift-food",
    "claim",
    "drop-off",
    "adopt",
    "keep-shaken",
    "feed",
    "take-display",
    "take-deck",
    "shake",
    "disperse",
    "discard-card",
    "return-food",
    "finish-food",
    "release-shaken",
    "stop-drawing",
    "move",
    "end-turn",
]
FIRST_ONLY = {"gift-food"}
TULIKKO_ORDER = ["place-token", "place", "slide", "discard", "move-to", "end-turn", "skip-token"]
# The move types a tapping player prefers, per title (others: the first offered).
TAP_ORDERS = {"tulikko": TULIKKO_ORDER, "ducks-in-tow": DUCKS_ORDER}
