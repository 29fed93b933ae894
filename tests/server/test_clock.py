"""A table's clock for turn-based play (issue #40 item 4): a time per move, a reminder
before it runs out, and what the table chose when it does — the title's bot plays the
seat, the seat passes where the rules allow, or the table ends as abandoned. All of it
is events in the record. The server's clock is faked (`TableClock.now`); the tables
are real, on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import msgspec
import pytest

from core import games
from core.kernel import Timeline, verify
from core.kernel.codec import decode_record
from server.hosted import now_ms
from tests.kernel.fixture_game import GAME
from tests.server.conftest import Table, ThreadServer, make_settings
from tests.server.push_receiver import PushService
from tests.server.test_api import problem

HOUR = 3600
TITLE = GAME.info.title_en


class FakeClock:
    """The server's clock task, at a time the test sets (ms); it looks every 20 ms."""

    def __init__(self, server: ThreadServer) -> None:
        self.clock = server.app.state.clock
        self.at = now_ms()
        self.clock.now = lambda: self.at
        self.clock.interval = 0.02

    def set(self, at: int) -> None:
        self.at = at

    def settle(self) -> None:
        """Long enough for the task to have looked at every table twice."""
        time.sleep(0.3)


@pytest.fixture
def service() -> Iterator[PushService]:
    with PushService() as push_service:
        yield push_service


@pytest.fixture
def server(backend: dict[str, Any]) -> Iterator[ThreadServer]:
    with ThreadServer(make_settings(backend, push_hosts=["http://127.0.0.1"])) as srv:
        yield srv


@pytest.fixture
def fake(server: ThreadServer) -> FakeClock:
    return FakeClock(server)


def until(check: Callable[[], Any], timeout: float = 10.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError("not in time")


def clocked(client: httpx.Client, on_timeout: str, seconds: int = HOUR, **create: Any) -> Table:
    clock = {"move_seconds": seconds, "on_timeout": on_timeout}
    return Table(client, clock=clock, options={"deck_size": 40}, **create)


def entries(table: Table, seat: int = 0) -> list[dict[str, Any]]:
    response = table.client.get(f"/api/games/{table.id}/record", headers=table.auth(seat))
    assert response.status_code == 200, response.text
    return list(response.json()["entries"])


def play(table: Table, seat: int, kind: str) -> None:
    legal = table.view(seat)["legal_moves"]
    response = table.move(seat, next(m for m in legal if m["type"] == kind))
    assert response.status_code == 201, response.text


def deadline_of(table: Table, seat: int = 0) -> int:
    clock = table.view(seat)["clock"]
    assert clock is not None
    return int(clock["deadline"])


def test_the_view_carries_the_deadline_and_the_bot_plays_a_seat_out_of_time(
    client: httpx.Client, fake: FakeClock
) -> None:
    table = clocked(client, "bot")
    created = client.get(f"/api/games/{table.id}/record", headers=table.auth(0)).json()
    start = created["genesis"]["created_at"]
    clocks = [table.view(seat)["clock"] for seat in (0, 1, None)]
    assert clocks[0] == clocks[1] == clocks[2], "every seat and spectators see the same clock"
    assert clocks[0]["move_seconds"] == HOUR and clocks[0]["on_timeout"] == "bot"
    began = clocks[0]["deadline"] - HOUR * 1000  # the last seat taken (Table takes them all)
    assert start <= began <= now_ms()
    play(table, 0, "play")
    (first,) = entries(table)
    assert deadline_of(table) == first["at"] + HOUR * 1000, "the turn began with the last entry"
    fake.set(deadline_of(table) - 1)
    fake.settle()
    assert table.view(0)["seq"] == 1, "not a millisecond early"
    fake.set(deadline_of(table))
    until(lambda: table.view(1)["legal_moves"])  # seat 0's turn was played: seat 1's now
    made = entries(table, 0)[1:]
    assert made and all(e["seat"] == 0 and e["device_id"] == "clock" for e in made)
    assert all(e["at"] == fake.at for e in made)
    assert made[-1]["move"]["type"] in ("draw", "pass"), "the bot ended seat 0's turn"
    assert deadline_of(table, 1) == fake.at + HOUR * 1000, "seat 1's time counts from now"
    assert [e["move_id"] for e in entries(table, 1)[1:]] == [e["move_id"] for e in made]
    assert table.view(0)["over"] is False


def seat_read(client: httpx.Client, game_id: str, token: str, what: str) -> dict[str, Any]:
    """A seat's `view` or `record` of a table (its token)."""
    answer = client.get(
        f"/api/games/{game_id}/{what}", headers={"Authorization": f"Bearer {token}"}
    )
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def table_entries(client: httpx.Client, game_id: str, token: str) -> list[Any]:
    return list(seat_read(client, game_id, token, "record")["entries"])


def test_the_clock_waits_until_every_seat_is_taken(client: httpx.Client, fake: FakeClock) -> None:
    """An invitation not yet used: nobody's time runs (a guest who joins a day later
    finds the game as it was); the clock starts when the last seat is taken."""
    clock = {"move_seconds": HOUR, "on_timeout": "bot"}
    created = client.post(
        "/api/games", json={"game": "high-card", "players": 2, "clock": clock}
    ).json()
    host = client.post(
        f"/api/games/{created['game_id']}/seats", json={"code": created["invites"][0]["code"]}
    )
    assert host.status_code == 201
    view = seat_read(client, created["game_id"], host.json()["token"], "view")
    assert view["clock"]["deadline"] is None
    fake.set(fake.at + 2 * HOUR * 1000)
    fake.settle()
    assert table_entries(client, created["game_id"], host.json()["token"]) == [], (
        "the clock played for nobody"
    )
    before = now_ms()
    guest = client.post(
        f"/api/games/{created['game_id']}/seats", json={"code": created["invites"][1]["code"]}
    )
    assert guest.status_code == 201
    view = seat_read(client, created["game_id"], guest.json()["token"], "view")
    assert view["clock"]["deadline"] >= before + HOUR * 1000, "counted from the last seat taken"
    fake.set(view["clock"]["deadline"])
    until(lambda: table_entries(client, created["game_id"], guest.json()["token"]))


def test_skip_passes_where_the_rules_allow_and_else_the_bot_plays(
    client: httpx.Client, fake: FakeClock
) -> None:
    table = clocked(client, "skip")
    play(table, 0, "play")  # seat 0 may pass now, and runs out of time
    fake.set(deadline_of(table))
    until(lambda: table.view(0)["seq"] == 2)
    passed = entries(table)[1]
    assert (passed["seat"], passed["device_id"], passed["move"]) == (0, "clock", {"type": "pass"})
    # seat 1's turn begins with a card to play, no pass: the bot plays it, then it passes
    fake.set(deadline_of(table, 1))
    until(lambda: table.view(0)["legal_moves"])
    made = entries(table)[2:]
    assert [(e["seat"], e["device_id"], e["move"]["type"]) for e in made] == [
        (1, "clock", "play"),
        (1, "clock", "pass"),
    ]


def test_abandon_ends_the_table_and_keeps_its_record(
    server: ThreadServer, client: httpx.Client, fake: FakeClock
) -> None:
    table = clocked(client, "abandon")
    play(table, 0, "play")
    play(table, 0, "pass")
    kept = entries(table)
    fake.set(deadline_of(table, 1) + 5)
    until(lambda: table.view(0)["over"])
    for seat in (0, 1, None):
        view = table.view(seat)
        assert view["abandoned"] == {"seat": 1, "at": fake.at}
        assert (view["over"], view["outcome"], view["legal_moves"]) == (True, None, [])
        assert view["clock"]["deadline"] is None
    assert entries(table) == kept, "the record is kept as it is"
    summary = client.get(f"/api/games/{table.id}", headers=table.auth(0)).json()
    assert summary["over"] is True
    legal = {"type": "play", "card": 1}
    problem(table.move(1, legal, expected_seq=None), 409, "game-over")
    takeback = client.post(
        f"/api/games/{table.id}/takebacks", json={"move_id": "t"}, headers=table.auth(0)
    )
    problem(takeback, 409, "game-over")
    stream = server.app.state.service.hosted.cache.get(table.id).aggregate
    assert stream.abandoned_by() == {"seat": 1, "at": fake.at}


def test_a_seat_is_reminded_once_when_a_quarter_of_its_time_is_left(
    server: ThreadServer, client: httpx.Client, fake: FakeClock, service: PushService
) -> None:
    table = clocked(client, "bot")
    short = clocked(client, "bot", seconds=HOUR - 60)  # under an hour: no reminder
    subs = {}
    seats = [("zero", table, 0, "en"), ("one", table, 1, "ja"), ("short", short, 0, "en")]
    for name, tab, seat, lang in seats:
        subs[name] = service.subscribe(name)
        response = client.post(
            f"/api/games/{tab.id}/push", json=subs[name].json(lang), headers=tab.auth(seat)
        )
        assert response.status_code == 204, response.text
    due = deadline_of(table)
    fake.set(due - HOUR * 1000 // 4 - 1)
    fake.settle()
    server.app.state.service.pusher.drain()
    assert service.received == []
    fake.set(due - HOUR * 1000 // 4)
    until(lambda: service.received)
    fake.settle()
    fake.set(fake.at + 60_000)  # later in the same turn: nothing more
    fake.settle()
    fake.set(deadline_of(short) - 1)  # the short table's last moment
    fake.settle()
    server.app.state.service.pusher.drain()
    assert service.of("zero") == [
        {
            "kind": "reminder",
            "game_id": table.id,
            "seat": 0,
            "title": TITLE,
            "text": f"{TITLE}: your move — time runs out in 15 min.",
        }
    ]
    assert service.of("one") == [] and service.of("short") == []
    stream = server.app.state.service.hosted.cache.get(table.id).aggregate
    assert stream.reminded_seats(0) == [0]
    assert table.view(0)["seq"] == 0, "a reminder is no move"


def test_the_japanese_reminder_and_the_time_left_in_words() -> None:
    from server.push import time_left, words

    assert time_left(15 * 60_000 - 1, "en") == "15 min"
    assert time_left(6 * 3600_000, "ja") == "6時間"
    assert time_left(18 * 3600_000, "en") == "18 h"
    assert time_left(3 * 86400_000 // 4, "en") == "18 h"
    assert time_left(2 * 86400_000 - 1, "ja") == "2日"
    assert words("reminder", "ja", title="T", name="", left="6時間") == (
        "T：あなたのターンです。持ち時間は残り6時間です。"
    )


def test_a_persons_move_racing_the_timeout_wins_or_loses_cleanly(
    client: httpx.Client, fake: FakeClock
) -> None:
    outcomes = set()
    for _ in range(6):
        table = clocked(client, "bot")
        legal = table.view(0)["legal_moves"][0]
        results: list[httpx.Response] = []
        racer = threading.Thread(target=lambda t=table, m=legal, r=results: r.append(t.move(0, m)))
        fake.set(deadline_of(table))
        racer.start()
        racer.join()
        until(lambda t=table: t.view(1)["legal_moves"] or t.view(0)["seq"] == 1)
        fake.settle()
        (response,) = results
        first = entries(table)[0]
        if response.status_code == 201:
            assert first["device_id"] != "clock", "the person's move is the turn's"
            assert len(entries(table)) == 1, "and the clock gave way: a new turn began"
            assert first["move_id"] == response.json()["entry"]["move_id"]
            outcomes.add("person")
        else:
            problem(response, 409, "seq-conflict")
            assert first["device_id"] == "clock"
            outcomes.add("clock")
        assert len({e["seq"] for e in entries(table)}) == len(entries(table))
        fake.set(now_ms())
    assert outcomes, outcomes


def test_a_restarted_server_still_times_out_a_clocked_table(backend: dict[str, Any]) -> None:
    settings = make_settings(backend)
    with ThreadServer(settings) as first, first.client() as client:
        table = clocked(client, "bot")
        due = deadline_of(table)
        tokens = table.tokens
    with ThreadServer(make_settings(backend)) as second, second.client() as client:
        fake = FakeClock(second)
        fake.set(due)
        table.client = client
        table.tokens = tokens
        until(lambda: table.view(1)["legal_moves"])
        assert {e["device_id"] for e in entries(table)} == {"clock"}


def test_the_clocks_entries_replay_and_verify_like_any_move(
    client: httpx.Client, fake: FakeClock
) -> None:
    table = Table(client, clock={"move_seconds": 60, "on_timeout": "bot"}, options={"deck_size": 8})
    fake.set(deadline_of(table))
    until(lambda: table.view(1)["legal_moves"])
    fake.set(0)  # no more time running out: the people play the rest
    table.play_out()
    response = client.get(f"/api/games/{table.id}/record", headers=table.auth(1))
    body = response.json()
    assert body["over"] and body["genesis"]["seed"] is not None
    data = msgspec.json.encode(
        {"id": body["record_id"], "genesis": body["genesis"], "entries": body["entries"]}
    )
    record = decode_record(data, GAME)
    assert any(e.device_id == "clock" for e in record.entries)
    assert verify(GAME, record) is None
    replayed = Timeline(GAME, record, check="replay")
    assert replayed.seq == len(record.entries)


@pytest.mark.parametrize(
    "clock",
    [
        {"move_seconds": 0, "on_timeout": "bot"},
        {"move_seconds": 7 * 86400 + 1, "on_timeout": "bot"},
        {"move_seconds": 3600, "on_timeout": "explode"},
        {"move_seconds": 3600},
        {"move_seconds": "1h", "on_timeout": "bot"},
        {"move_seconds": 3600, "on_timeout": "bot", "extra": 1},
        {},
    ],
)
def test_bad_clock_values_are_refused(client: httpx.Client, clock: dict[str, Any]) -> None:
    response = client.post("/api/games", json={"game": "high-card", "players": 2, "clock": clock})
    problem(response, 422, "bad-clock")


def test_a_table_without_a_clock_has_none(client: httpx.Client) -> None:
    table = Table(client)
    assert table.view(0)["clock"] is None and table.view(0)["abandoned"] is None


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
@pytest.mark.parametrize("game_id", games.titles())
def test_every_titles_easy_bot_plays_a_whole_turn_for_a_seat_out_of_time(
    client: httpx.Client, fake: FakeClock, game_id: str
) -> None:
    table = Table(client, game=game_id, clock={"move_seconds": 60, "on_timeout": "skip"})
    first = table.view(0)["to_move"]
    fake.set(deadline_of(table, first[0]))
    until(lambda: table.view(None)["to_move"] != first or table.view(None)["over"], 30)
    made = entries(table, first[0])
    assert made and {(e["seat"], e["device_id"]) for e in made} <= {(s, "clock") for s in first}
    fake.set(0)
    fake.settle()
    assert table.view(None)["seq"] == len(made), "the next seat's time counts from then"
