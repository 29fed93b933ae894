"""Refusals read as the rules do, with the rule ID: in Japanese, the rule's wording;
in English, the engine's own message, which names the very tile.

A hosted Ducks in Tow game on a phone; the other seat plays through
the HTTP API. A pawn move queued offline becomes illegal when the other seat takes
back the move it built on: the rejection names DIT-055. Then a take-back past a bag
shake is refused by the server: the error box says why.
"""

from __future__ import annotations

import json
import urllib.request
import uuid
from typing import Any

import pytest
from conftest import PHONE, open_app, shot
from helpers import click_move, game_rows, move_types, new_game, wait_seq

from core.games.ducks_in_tow.data import MAPS


def call(server: Any, method: str, path: str, body: Any = None, token: str = "") -> Any:
    request = urllib.request.Request(
        server.url + path,
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json"}
        | ({"Authorization": f"Bearer {token}"} if token else {}),
    )
    with urllib.request.urlopen(request, timeout=15) as response:
        return json.loads(response.read())


def click_board(page: Any, move: dict[str, Any]) -> None:
    """Click the board target that carries `move` (targets hold their move as JSON)."""
    raw = page.eval_on_selector_all("[data-move]", "els => els.map(e => e.dataset.move)")
    page.locator("[data-move]").nth([json.loads(m) for m in raw].index(move)).click()


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_refusals_show_the_rule(server, new_context, lang):
    ctx = new_context(PHONE, locale={"ja": "ja-JP", "en": "en-GB"}[lang])
    a = open_app(ctx.new_page(), server.url)
    assert a.evaluate("document.documentElement.lang") == lang
    new_game(a, "ducks-in-tow", ["human", "remote"])
    a.wait_for_selector(".invites code")
    game_id, code = a.inner_text(".invites code").split("/")
    token = call(server, "POST", f"/api/games/{game_id}/seats", {"code": code})["token"]

    def other_seat_plays() -> dict[str, Any]:
        """The API seat plays (ending its turn as soon as it may) until seat 0 is to move."""
        for _ in range(40):
            view = call(server, "GET", f"/api/games/{game_id}/view", token=token)
            if view["to_move"] == [0]:
                return view
            legal = view["legal_moves"]
            move = next((m for m in legal if m["type"] == "end-turn"), legal[0])
            body = {"move_id": str(uuid.uuid4()), "expected_seq": None, "move": move}
            call(server, "POST", f"/api/games/{game_id}/moves", body, token)
        raise AssertionError("seat 1 never handed the turn over")

    view = other_seat_plays()
    wait_seq(a, view["seq"], timeout=30_000)
    start, before = view["view"]["players"][0]["pawn"], view["seq"]
    near = set(MAPS[2][start].neighbours)
    # One step, then a second step that is not adjacent to where the pawn started.
    step, far = next(
        (t, f) for t in sorted(near) for f in sorted(set(MAPS[2][t].neighbours) - near - {start})
    )
    click_board(a, {"type": "move", "to": step})
    wait_seq(a, before + 1, timeout=30_000)

    ctx.set_offline(True)
    click_board(a, {"type": "move", "to": far})
    a.wait_for_function("document.querySelector('#turn').dataset.pending === '1'")
    # Meanwhile seat 0's player takes the first step back on another device of theirs
    # (casual table: nothing revealed; another seat may not take back seat 0's move).
    mine = next(
        r["hosted"]["token"] for r in game_rows(a) if r.get("hosted", {}).get("gameId") == game_id
    )
    undo = {"move_id": str(uuid.uuid4()), "expected_seq": None, "to_seq": before}
    call(server, "POST", f"/api/games/{game_id}/takebacks", undo, mine)
    ctx.set_offline(False)

    a.wait_for_selector(".game-notices .notice", timeout=30_000)
    notice = a.inner_text(".game-notices .notice")
    engine_says = f"tile {far} is not next to your tile {start}"
    if lang == "ja":
        assert (
            "却下されました：そのタイルは、プレイヤーコマのいるタイルに隣接していません。" in notice
        )
        assert "is not next to" not in notice, "the engine's English stays out of the Japanese UI"
    else:
        assert f"was rejected: {engine_says}" in notice, notice
    shot(a, f"rule-rejected-{lang}-phone")
    a.click("#dismiss-notice")
    wait_seq(a, before + 2, timeout=30_000)

    # Shaking the bag reveals a duck: the server would refuse to take that back, and
    # the Undo button says so before any tap (the server's answer, in the view).
    click_move(a, move_types(a).index("shake"))
    wait_seq(a, before + 3, timeout=30_000)
    # this device tells what happened (a hosted game's log once read "Nothing yet")
    a.wait_for_selector('#move-log li[data-seat="0"]', state="attached", timeout=30_000)
    a.wait_for_function("document.querySelector('#undo').disabled", timeout=30_000)
    expected = {
        "ja": "隠れていた情報が公開された操作があるため、戻せません。",
        "en": f"move {before + 3} revealed hidden information and cannot be taken back",
    }[lang]
    why = a.get_attribute("#undo", "title")
    assert expected in why, why
    assert "table:takeback" not in why, "the rule ID is not shown to the player"
    shot(a, f"rule-refused-{lang}-phone")
    assert a.errors == []
