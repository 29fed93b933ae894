"""Take-backs between people (issue #36): another player's move goes back only with
their consent. A seat asks (POST takeback-asks), the seats whose moves it undoes agree
or refuse (POST .../answer), the last consent makes the take-back — the asker's entry,
in every seat's record — and an ask lapses when it expires or the game moves on. The
table's policy still rules: strict tables and revealed draws refuse the ask itself."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
from websockets.sync.client import connect

from tests.server.conftest import Table, ThreadServer
from tests.server.test_api import problem
from tests.server.test_security import ws_url


def to_seat_ones_reply(table: Table) -> None:
    """Seat 0 plays a card and passes, seat 1 plays a card and passes, seat 0 plays a
    card: seat 1's last move (seq 3, then its pass at 4) has seat 0's reply after it.
    No draw: nothing hidden is revealed, so a casual table allows the take-back."""
    for seat in (0, 0, 1, 1, 0):
        legal = table.view(seat)["legal_moves"]
        move = next(m for m in legal if m["type"] == ("pass" if table.seq in (1, 3) else "play"))
        assert table.move(seat, move).status_code == 201
    assert table.seq == 5


def ask(table: Table, seat: int | None, **body: Any) -> httpx.Response:
    return table.client.post(
        f"/api/games/{table.id}/takeback-asks",
        json={"move_id": f"ask-{seat}", **body},
        headers=table.auth(seat),
    )


def answer(table: Table, seat: int, ask_id: str, accept: bool) -> httpx.Response:
    return table.client.post(
        f"/api/games/{table.id}/takeback-asks/{ask_id}/answer",
        json={"accept": accept},
        headers=table.auth(seat),
    )


def entries(table: Table, seat: int) -> list[dict[str, Any]]:
    response = table.client.get(f"/api/games/{table.id}/record", headers=table.auth(seat))
    assert response.status_code == 200, response.text
    return list(response.json()["entries"])


def test_a_take_back_of_anothers_move_waits_for_their_consent(client: httpx.Client) -> None:
    table = Table(client, options={"deck_size": 40})
    to_seat_ones_reply(table)
    undo = table.view(1)["undo"]
    # not allowed alone, but seat 0 may agree: the view says so, and whose consent
    assert (undo["allowed"], undo["code"], undo["ask"], undo["needs"]) == (
        False,
        "takeback-others-move",
        True,
        [0],
    )
    direct = client.post(
        f"/api/games/{table.id}/takebacks", json={"move_id": "t"}, headers=table.auth(1)
    )
    problem(direct, 422, "takeback-others-move")

    asked = ask(table, 1)
    assert asked.status_code == 201, asked.text
    shown = asked.json()
    # back to before seat 1's last move (its pass, seq 4): seat 0's reply goes too
    assert (shown["seat"], shown["to_seq"], shown["needs"], shown["agreed"]) == (1, 3, [0], [])
    for seat in (0, 1, None):  # every seat and spectators see it waiting
        assert table.view(seat)["takeback_ask"] == shown
    assert ask(table, 1).json() == shown  # the same move_id: the same ask
    problem(ask(table, 0, move_id="other"), 409, "takeback-asked")
    problem(answer(table, 1, shown["ask_id"], True), 403, "forbidden")  # not the asker's

    agreed = answer(table, 0, shown["ask_id"], True)
    assert agreed.status_code == 200, agreed.text
    taken = agreed.json()["taken"]
    assert agreed.json()["ask"] is None
    assert taken["seq"] == 6
    assert taken["entry"]["kind"] == "takeback" and taken["entry"]["to_seq"] == 3
    # the take-back is the asker's entry, in both seats' records (their logs say who)
    for seat in (0, 1):
        last = entries(table, seat)[-1]
        assert (last["kind"], last["seat"], last["to_seq"]) == ("takeback", 1, 3)
    view = table.view(1)
    assert view["seq"] == 6 and view["takeback_ask"] is None
    assert view["legal_moves"], "seat 1 is to move again, before its pass"
    problem(answer(table, 0, shown["ask_id"], True), 409, "takeback-ask-gone")


def test_a_refusal_ends_the_ask_and_changes_nothing(client: httpx.Client) -> None:
    table = Table(client, options={"deck_size": 40})
    to_seat_ones_reply(table)
    shown = ask(table, 1).json()
    refused = answer(table, 0, shown["ask_id"], False)
    assert refused.status_code == 200 and refused.json() == {"ask": None, "taken": None}
    assert table.view(0)["seq"] == 5 and table.view(1)["takeback_ask"] is None
    assert [e["kind"] for e in entries(table, 0)] == ["entry"] * 5
    again = ask(table, 1, move_id="again")  # a new ask may follow
    assert again.status_code == 201 and again.json()["ask_id"] != shown["ask_id"]


def test_an_ask_lapses_when_the_game_moves_on_or_its_time_runs_out(
    server: ThreadServer, client: httpx.Client
) -> None:
    table = Table(client, options={"deck_size": 40})
    to_seat_ones_reply(table)
    shown = ask(table, 1).json()
    table.seq = 5
    move = next(m for m in table.view(0)["legal_moves"] if m["type"] == "pass")
    assert table.move(0, move).status_code == 201  # seat 0 plays on instead of answering
    assert table.view(1)["takeback_ask"] is None
    problem(answer(table, 0, shown["ask_id"], True), 409, "takeback-ask-gone")

    hosted = server.app.state.service.hosted
    saved = hosted.ask_ms
    hosted.ask_ms = 150
    try:
        timed = Table(client, options={"deck_size": 40})
        to_seat_ones_reply(timed)
        short = ask(timed, 1).json()
        assert timed.view(0)["takeback_ask"] == short
        time.sleep(0.3)
        assert timed.view(0)["takeback_ask"] is None
        problem(answer(timed, 0, short["ask_id"], True), 409, "takeback-ask-gone")
        assert timed.view(0)["seq"] == 5
    finally:
        hosted.ask_ms = saved


def test_the_tables_policy_still_rules_the_ask(client: httpx.Client) -> None:
    strict = Table(client, takeback="strict", options={"deck_size": 40})
    to_seat_ones_reply(strict)
    assert strict.view(1)["undo"]["ask"] is False
    problem(ask(strict, 1), 422, "takeback-strict")
    problem(ask(strict, None), 403, "forbidden")  # a spectator asks nothing

    fresh = Table(client, options={"deck_size": 40})
    problem(ask(fresh, 1), 422, "takeback-nothing")  # no move of seat 1's yet

    mine = Table(client, options={"deck_size": 40})
    card = mine.view(0)["legal_moves"][0]
    assert mine.move(0, card).status_code == 201
    # only one's own move: no one to ask, the plain take-back does it
    problem(ask(mine, 0), 409, "takeback-needs-no-consent")
    assert mine.view(0)["undo"] == {
        "allowed": True,
        "code": "",
        "message": "",
        "rule_id": "",
        "ask": False,
        "needs": [],
    }


def test_the_other_seats_socket_rings_for_an_ask_and_gets_the_take_back(
    server: ThreadServer,
) -> None:
    """Seat 0 hears of the ask while it happens (a 'table' ring: fetch the view), then
    of its answer, then gets the take-back entry like any other."""
    with server.client() as client:
        table = Table(client, options={"deck_size": 40})
        to_seat_ones_reply(table)
        with connect(ws_url(server, table.id, table.tokens[0], since=5)) as socket:
            assert json.loads(socket.recv(timeout=5))["type"] == "hello"
            shown = ask(table, 1).json()
            assert json.loads(socket.recv(timeout=5)) == {"type": "table"}
            assert answer(table, 0, shown["ask_id"], True).status_code == 200
            rings = [json.loads(socket.recv(timeout=5)) for _ in range(2)]
            entry = next(r for r in rings if r["type"] == "entry")
            assert entry["entry"]["kind"] == "takeback" and entry["entry"]["seat"] == 1
            assert {"type": "table"} in rings


def test_the_view_says_which_seats_are_taken_and_who_is_at_the_table(
    server: ThreadServer,
) -> None:
    """`claimed`: an invitation to a taken seat is used (the table shows it no more);
    `presence`: a seat whose device holds the live socket is online, and since when;
    the others' sockets ring 'table' when it comes and goes."""
    with server.client() as client:
        created = client.post("/api/games", json={"game": "high-card", "players": 3}).json()
        game_id = created["game_id"]
        first = client.post(
            f"/api/games/{game_id}/seats", json={"code": created["invites"][0]["code"]}
        ).json()
        auth = {"Authorization": f"Bearer {first['token']}"}

        def view() -> dict[str, Any]:
            return client.get(f"/api/games/{game_id}/view", headers=auth).json()

        assert view()["claimed"] == [True, False, False]
        assert [p["online"] for p in view()["presence"]] == [False, False, False]
        second = client.post(
            f"/api/games/{game_id}/seats", json={"code": created["invites"][1]["code"]}
        ).json()
        assert view()["claimed"] == [True, True, False]
        with connect(ws_url(server, game_id, first["token"])) as mine:
            assert json.loads(mine.recv(timeout=5))["type"] == "hello"  # no ring of its own
            before = int(time.time() * 1000)
            with connect(ws_url(server, game_id, second["token"])) as theirs:
                assert json.loads(theirs.recv(timeout=5))["type"] == "hello"
                assert json.loads(mine.recv(timeout=5)) == {"type": "table"}  # they came
                here = view()["presence"]
                assert [p["online"] for p in here] == [True, True, False]
                assert here[1]["since"] >= before
            assert json.loads(mine.recv(timeout=5)) == {"type": "table"}  # they left
            gone = view()["presence"][1]
            assert not gone["online"] and gone["since"] >= here[1]["since"]
