"""Accessibility checked by axe-core (#38), at 390 × 844, in English and Japanese: the
home screen, the new-game form, each title's game a few moves in (a local game against a
bot), its how-to-play page, a finished game's end screen, and each title's finished game
opened as a replay (its end screen, then its history scrubbed back). No serious or critical
violation, but the known exceptions below (each with why it stays). axe-core is the npm
devDependency in web/, injected from web/node_modules (no CDN). One page, both languages,
going from screen to screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from conftest import PHONE_390, WEB, open_app
from helpers import click_move, new_game, pass_cover, wait_idle

AXE = WEB / "node_modules" / "axe-core" / "axe.min.js"
TITLES = [
    "tulikko",
    "ducks-in-tow",
    "valley-of-the-torii",
    "whispering-woods",
    "rewild-south-america",
]
# Known exceptions: (rule id, where: a CSS selector its nodes are inside, why it stays);
# the rule still holds everywhere else
KNOWN: list[tuple[str, str, str]] = [
    (
        "label-content-name-mismatch",
        "#board g[role=button], #board .zoom-face, #board .ww-market-tile",
        "a drawn piece (Ducks' park tile, a card face, a Woods market tile) is named in full"
        " words; the numbers and short words drawn on it are its picture, not a label",
    ),
]

RUN_AXE = """async (known) => {
  const result = await window.axe.run(document, { resultTypes: ['violations'] });
  const excused = (id, target) => known.some(([rule, where]) => rule === id
    && document.querySelector(target)?.closest(where));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help,
                   targets: v.nodes.map((n) => n.target.join(' '))
                     .filter((target) => !excused(v.id, target)) }))
    .filter((v) => v.targets.length);
}"""


def violations(page: Any, where: str) -> list[str]:
    """axe's serious and critical violations on the screen shown, one line each."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(RUN_AXE, [[rule, scope] for rule, scope, _ in KNOWN])
    return [f"{where}: {v['id']} ({v['impact']}) {v['help']}: {v['targets'][:6]}" for v in found]


def go(page: Any, url: str, route: str, ready: str) -> None:
    page.goto(f"{url}/#{route}")
    page.wait_for_selector(ready)


def screens(page: Any, url: str, where: str) -> list[str]:
    """Every screen checked, in the language on screen; the violations found."""
    go(page, url, "/", "ul.game-list")
    found = violations(page, f"{where} home")
    go(page, url, "/new", "#ng-create")
    found += violations(page, f"{where} new game")
    for game in TITLES:
        new_game(page, game, ["human", "bot"])
        for _ in range(2):  # a few moves in: the first listed each time (the bot answers)
            click_move(page)  # (it waits until the screen is idle)
        found += violations(page, f"{where} {game} game")
        go(page, url, f"/rules/{game}", "#rules-summary")
        found += violations(page, f"{where} {game} rules")
    # a finished game's end screen: the kernel's small fixture game, played out
    new_game(page, "high-card", ["human", "bot"], options={"deck_size": 4, "hand_size": 1})
    for _ in range(20):
        if page.query_selector("#end-screen"):
            break
        click_move(page)
    page.wait_for_selector("#end-screen")
    return found + violations(page, f"{where} end screen")


def test_no_serious_violations(server: Any, new_context: Any) -> None:
    """One page, one engine boot: English, then the same screens in Japanese (the home
    screen then lists the games the English round left)."""
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    found: list[str] = []
    for lang in ("en", "ja"):
        page.goto(f"{server.url}/#/")
        page.select_option("#lang-select", lang)
        page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
        found += screens(page, server.url, lang)
    assert found == [], "\n".join(found)
    assert page.errors == []


def finished_record(game_id: str, seed: int) -> bytes:
    """A two-seat game of `game_id` played to its end by its easy bots on CPython (random
    bots make a game of Ducks in Tow fifty times as long)."""
    from core.games import get
    from core.kernel import Rng, encode_record
    from core.kernel.bots import bots_of, play_bots
    from core.kernel.timeline import Timeline, new_record

    game = get(game_id)
    timeline = Timeline(game, new_record(game, record_id=f"a11y-{game_id}", seats=2, seed=seed))
    greedy = bots_of(game)["greedy"]
    play_bots(timeline, {0: greedy, 1: greedy}, Rng.seeded(seed, stream=1))
    assert not timeline.to_move(), f"{game_id}: the bots did not finish"
    return encode_record(timeline.record, "json")


def test_every_titles_finished_game_and_its_replay(
    server: Any, new_context: Any, tmp_path: Path
) -> None:
    """Each title's finished game, imported as a record file: its end screen, then its
    history scrubbed to the first move (the replay), in English, then in Japanese."""
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    rows: dict[str, str] = {}
    for game in TITLES:
        path = tmp_path / f"{game}.kifu"
        path.write_bytes(finished_record(game, seed=3))
        page.goto(f"{server.url}/#/")
        page.set_input_files("#import-file", str(path))
        page.wait_for_url("**/#/game/**")
        rows[game] = page.url.split("#/game/")[1]
    found: list[str] = []
    for lang in ("en", "ja"):
        page.goto(f"{server.url}/#/")
        page.select_option("#lang-select", lang)
        page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
        for game, row in rows.items():
            go(page, server.url, f"/game/{row}", "#turn")
            wait_idle(page)
            pass_cover(page)
            page.wait_for_selector("#end-screen")
            found += violations(page, f"{lang} {game} end screen")
            page.click("#scrub-first")
            page.wait_for_selector("#end-screen", state="detached")
            wait_idle(page)
            found += violations(page, f"{lang} {game} replay")
    assert found == [], "\n".join(found)
    assert page.errors == []
