"""core/sync.py against the API.md contract (tests/sync/fake_server.py, in-process).

Hosted games: queue offline, submit, duplicates, seq conflicts and rebase, rejected
moves surfaced with reasons (and the moves built on them), the finished game's full
record. Local records: upload, append, retries, forks keeping both lines,
unknown bases, a lost upload reply. And the worker's JSON door (core.browser).
"""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest

from core import browser, games
from core.kernel import (
    KifuError,
    RecordError,
    Timeline,
    decode_record,
    encode_record,
    new_record,
    tip_hash,
)
from core.sync import (
    HostedState,
    HttpRequest,
    LocalState,
    Pending,
    downloaded,
    extend,
    hosted_next,
    hosted_pull,
    hosted_pulled,
    hosted_queue,
    hosted_reply,
    hosted_seen,
    local_next,
    local_reply,
    rebase,
)
from tests.kernel.fixture_game import GAME
from tests.sync.fake_server import FakeServer

games.register(GAME)


def sync_hosted(server: FakeServer, state: HostedState, record: Any, seat: int) -> tuple[Any, ...]:
    """Run requests until nothing is left to send; returns (state, record, steps)."""
    steps = []
    for _ in range(50):
        request = hosted_next(state, record)
        if request is None:
            break
        status, body = server.request(request, seat=seat)
        if request.method == "GET":
            state, record, step = hosted_pulled(state, record, body)
        else:
            assert request.move_id is not None
            state, record, step = hosted_reply(state, record, request.move_id, status, body)
        steps.append(step.event)
    return state, record, steps


def pull(server: FakeServer, state: HostedState, record: Any, seat: int) -> tuple[Any, ...]:
    status, body = server.request(hosted_pull(state, record), seat=seat)
    assert status == 200
    return hosted_pulled(state, record, body)


def move(card: int | None = None) -> Any:
    return {"type": "play", "card": card} if card is not None else {"type": "pass"}


def test_offline_queue_is_submitted_in_order_and_the_copy_chains() -> None:
    server = FakeServer()
    gid = server.create("high-card", players=2, seed=5)
    state = HostedState(game_id=gid, seat=0)
    state, record, _ = pull(server, state, None, 0)
    assert record.genesis.seed is None  # hidden while the game runs
    hand = server.hosted[gid].game.view(server.hosted[gid].state, 0).hand
    state = hosted_queue(state, Pending(move_id="a", seat=0, based_on=0, move=move(hand[0])))
    state = hosted_queue(state, Pending(move_id="b", seat=0, based_on=1, move=move()))
    state = hosted_queue(state, Pending(move_id="b", seat=0, based_on=1, move=move()))
    assert [p.move_id for p in state.pending] == ["a", "b"]
    state, record, steps = sync_hosted(server, state, record, 0)
    assert steps == ["accepted", "accepted"]
    assert state.pending == [] and state.rejected == []
    assert tip_hash(record) == server.hosted[gid].tip_hash
    # the copy is redacted but its chain is the server's
    assert len(record.entries) == 2


def test_retry_after_a_lost_reply_is_a_duplicate() -> None:
    server = FakeServer()
    gid = server.create("high-card", players=2, seed=6)
    state, record, _ = pull(server, HostedState(game_id=gid, seat=0), None, 0)
    hand = server.hosted[gid].game.view(server.hosted[gid].state, 0).hand
    state = hosted_queue(state, Pending(move_id="a", seat=0, based_on=0, move=move(hand[0])))
    request = hosted_next(state, record)
    assert request is not None and request.body["expected_seq"] == 0
    server.request(request, seat=0)  # stored, but the reply never arrives
    status, body = server.request(request, seat=0)  # the retry
    assert status == 200
    state, record, step = hosted_reply(state, record, "a", status, body)
    assert step.event == "duplicate" and state.pending == [] and len(record.entries) == 1


def test_conflict_rebases_then_rejects_with_reasons_and_keeps_the_branch() -> None:
    """Two devices of seat 0 queue different plays offline; the second one loses."""
    server = FakeServer()
    gid = server.create("high-card", players=2, seed=7, hand_size=2)
    view = server.hosted[gid].game.view(server.hosted[gid].state, 0)
    low, high = sorted(view.hand)
    phone_state, phone_record, _ = pull(server, HostedState(game_id=gid, seat=0), None, 0)
    tablet_state, tablet_record, _ = pull(server, HostedState(game_id=gid, seat=0), None, 0)
    tablet_state = hosted_queue(
        tablet_state, Pending(move_id="t1", seat=0, based_on=0, move=move(high))
    )
    tablet_state, tablet_record, steps = sync_hosted(server, tablet_state, tablet_record, 0)
    assert steps == ["accepted"]
    # the phone, offline, played the same card then passed
    phone_state = hosted_queue(
        phone_state, Pending(move_id="p1", seat=0, based_on=0, move=move(high))
    )
    phone_state = hosted_queue(phone_state, Pending(move_id="p2", seat=0, based_on=1, move=move()))
    phone_state, phone_record, steps = sync_hosted(server, phone_state, phone_record, 0)
    assert steps == ["rebased", "rejected"]
    assert phone_state.pending == []
    first, second = phone_state.rejected
    assert (first.pending.move_id, first.code, first.rule_id) == ("p1", "wrong-step", "HC-2")
    assert first.message == "draw or pass first"
    assert (second.pending.move_id, second.code, second.after) == ("p2", "after-rejected", "p1")
    assert tip_hash(phone_record) == server.hosted[gid].tip_hash
    assert low in server.hosted[gid].game.view(server.hosted[gid].state, 0).hand


def rejected_twice() -> tuple[FakeServer, HostedState, Any]:
    """Seat 0 queues a play and a pass out of turn: both are rejected (the pass after it)."""
    server = FakeServer()
    gid = server.create("high-card", players=2, seed=7, hand_size=2)
    state, record, _ = pull(server, HostedState(game_id=gid, seat=1), None, 1)
    hand = server.hosted[gid].game.view(server.hosted[gid].state, 1).hand
    state = hosted_queue(state, Pending(move_id="r1", seat=1, based_on=0, move=move(hand[0])))
    state = hosted_queue(state, Pending(move_id="r2", seat=1, based_on=1, move=move()))
    state, record, steps = sync_hosted(server, state, record, 1)
    assert steps == ["rejected"]
    return server, state, record


def test_dismissed_rejections_are_marked_seen_and_kept() -> None:
    server, state, record = rejected_twice()
    assert [(r.pending.move_id, r.seen) for r in state.rejected] == [("r1", False), ("r2", False)]
    one = hosted_seen(state, ["r1"])
    assert [(r.pending.move_id, r.seen) for r in one.rejected] == [("r1", True), ("r2", False)]
    assert [r.seen for r in state.rejected] == [False, False]  # not mutated in place
    every = hosted_seen(one)
    assert [(r.pending.move_id, r.seen) for r in every.rejected] == [("r1", True), ("r2", True)]
    assert every.rejected[0].code == state.rejected[0].code  # the reason stays with it
    # A later rejection arrives unseen next to the dismissed ones.
    later = hosted_queue(every, Pending(move_id="r3", seat=1, based_on=0, move=move()))
    later, record, steps = sync_hosted(server, later, record, 1)
    assert steps == ["rejected"]
    assert [(r.pending.move_id, r.seen) for r in later.rejected][-1] == ("r3", False)
    assert [r.seen for r in later.rejected[:2]] == [True, True]


def test_marking_an_unknown_rejection_seen_is_an_error_and_changes_nothing() -> None:
    _server, state, _record = rejected_twice()
    with pytest.raises(KifuError, match="no rejected move 'nope'"):
        hosted_seen(state, ["r1", "nope"])
    assert [r.seen for r in state.rejected] == [False, False]


def test_the_worker_door_marks_rejections_seen() -> None:
    _server, state, _record = rejected_twice()
    args = {"state": msgspec.to_builtins(state), "move_ids": ["r2"]}
    reply = json.loads(
        browser.handle(json.dumps({"op": "sync", "call": "hosted.seen", "args": args}))
    )
    assert reply["ok"], reply
    seen = [(r["pending"]["move_id"], r["seen"]) for r in reply["result"]["state"]["rejected"]]
    assert seen == [("r1", False), ("r2", True)]
    args = {**args, "move_ids": ["nope"]}
    reply = json.loads(
        browser.handle(json.dumps({"op": "sync", "call": "hosted.seen", "args": args}))
    )
    assert not reply["ok"] and "nope" in json.dumps(reply)


def test_rebase_with_the_seed_rechecks_with_the_engine() -> None:
    game = games.get("high-card")
    record = new_record(game, record_id="r", seats=2, seed=3)
    timeline: Timeline[Any, Any, Any] = Timeline(game, record)
    card = timeline.legal_moves(0)[0].card
    timeline.play(0, timeline.legal_moves(0)[0], move_id="m1")
    pending = [
        Pending(move_id="m1", seat=0, based_on=0, move=move(card)),  # already stored
        Pending(move_id="m2", seat=0, based_on=1, move=move()),
        Pending(move_id="m3", seat=1, based_on=2, move=move(999)),
        Pending(move_id="m4", seat=1, based_on=3, move=move()),
    ]
    kept, rejected = rebase(game, timeline.record, pending)
    assert [p.move_id for p in kept] == ["m2"]
    assert [(r.pending.move_id, r.code, r.by) for r in rejected] == [
        ("m3", "not-in-hand", "local"),
        ("m4", "after-rejected", "local"),
    ]


def test_rebase_keeps_a_move_whose_id_another_seat_took() -> None:
    """Ids count up, so another seat can guess this seat's next one and play under it
    first. The queued move is not in the record: it must not be dropped as stored."""
    game = games.get("high-card")
    timeline: Timeline[Any, Any, Any] = Timeline(
        game, new_record(game, record_id="r", seats=2, seed=3)
    )
    while timeline.to_move() != [1]:
        seat = timeline.to_move()[0]
        timeline.play(seat, timeline.legal_moves(seat)[-1], move_id=f"own-{timeline.seq}")
    timeline.play(1, timeline.legal_moves(1)[-1], move_id="guessed")
    while timeline.to_move() != [0]:
        timeline.play(1, timeline.legal_moves(1)[-1], move_id=f"own-{timeline.seq}")
    mine = msgspec.to_builtins(timeline.legal_moves(0)[-1])
    pending = [Pending(move_id="guessed", seat=0, based_on=timeline.seq, move=mine)]
    kept, rejected = rebase(game, timeline.record, pending)
    assert (kept, rejected) == (pending, [])


def test_finished_game_pull_replaces_the_copy_with_the_full_record() -> None:
    server = FakeServer()
    gid = server.create("high-card", players=1, seed=9, deck_size=4, hand_size=1)
    state, record, _ = pull(server, HostedState(game_id=gid, seat=0), None, 0)
    timeline = server.hosted[gid]
    from core.kernel import Rng, play_bots, random_bot

    play_bots(timeline, {0: random_bot}, Rng.seeded(1))
    assert timeline.game.outcome(timeline.state) is not None
    state = hosted_queue(state, Pending(move_id="late", seat=0, based_on=0, move=move()))
    state, record, _ = pull(server, state, record, 0)
    _status, body = server.request(hosted_pull(state, None), seat=0)
    state, record, _ = hosted_pulled(state, record, body)
    assert record.genesis.seed == 9 and tip_hash(record) == timeline.tip_hash
    assert [r.code for r in state.rejected] == ["game-over"]


def test_extend_refuses_a_copy_that_is_not_a_prefix() -> None:
    server = FakeServer()
    gid = server.create("high-card", players=2, seed=2)
    _, record, _ = pull(server, HostedState(game_id=gid, seat=0), None, 0)
    other = server.create("high-card", players=2, seed=3)
    timeline = server.hosted[other]
    timeline.play(0, timeline.legal_moves(0)[0], move_id="x")
    with pytest.raises(RecordError):
        extend(record, list(timeline.record.entries))


# -- local records ---------------------------------------------------------------------


def local_game(seed: int, moves: int) -> Timeline[Any, Any, Any]:
    game = games.get("high-card")
    timeline: Timeline[Any, Any, Any] = Timeline(
        game, new_record(game, record_id=f"local-{seed}", seats=2, seed=seed)
    )
    play(timeline, moves, "a")
    return timeline


def play(timeline: Timeline[Any, Any, Any], moves: int, prefix: str) -> None:
    for _ in range(moves):
        seat = timeline.to_move()[0]
        timeline.play(seat, timeline.legal_moves(seat)[-1], move_id=f"{prefix}{timeline.seq}")


def sync_local(server: FakeServer, state: LocalState, record: Any) -> tuple[LocalState, list[str]]:
    steps = []
    for _ in range(10):
        request = local_next(state, record)
        if request is None:
            break
        status, body = server.request(request)
        state, step = local_reply(state, record, status, body)
        steps.append(step.event)
    return state, steps


def test_local_record_uploads_then_appends_only_what_is_new() -> None:
    server = FakeServer()
    timeline = local_game(11, 3)
    state, steps = sync_local(server, LocalState(record_id=timeline.record.id), timeline.record)
    assert steps == ["uploaded"] and state.acked_seq == 3 and state.owner_token
    play(timeline, 2, "b")
    state, steps = sync_local(server, state, timeline.record)
    assert steps == ["appended"] and state.acked_seq == 5
    assert server.records[state.server_id or ""].tip_hash == timeline.tip_hash
    # a retry of the same append (reply lost) is already-stored
    request = local_next(
        msgspec.structs.replace(state, acked_seq=3, acked_tip=None), timeline.record
    )
    assert request is not None
    request.body["expected_tip"] = timeline.record.entries[2].prev_hash
    _status, body = server.request(request)
    assert json.loads(body)["status"] == "already-stored"


def test_fork_keeps_both_lines() -> None:
    server = FakeServer()
    phone = local_game(12, 2)
    phone_state, _ = sync_local(server, LocalState(record_id=phone.record.id), phone.record)
    # a tablet continues the same record from move 2, differently
    game = phone.game
    tablet = Timeline(
        game, msgspec.structs.replace(phone.record, entries=list(phone.record.entries))
    )
    tablet_state = msgspec.structs.replace(phone_state)
    play(phone, 3, "phone")
    seat = tablet.to_move()[0]
    tablet.play(seat, tablet.legal_moves(seat)[0], move_id="tablet-3")
    play(tablet, 1, "tablet")
    tablet_state, steps = sync_local(server, tablet_state, tablet.record)
    assert steps == ["appended"]
    request = local_next(phone_state, phone.record)
    assert request is not None
    phone_state, step = local_reply(phone_state, phone.record, *server.request(request))
    assert step.event == "forked"
    assert step.parent_seq == 2  # a field the page reads, not a number in the sentence
    assert phone_state.server_id != phone.record.id
    (other,) = phone_state.lines
    assert (other.record_id, other.parent_seq, other.tip_hash) == (
        phone.record.id,
        2,
        tablet.tip_hash,
    )
    assert server.records[phone_state.server_id or ""].tip_hash == phone.tip_hash
    assert server.records[phone.record.id].tip_hash == tablet.tip_hash
    # the other line downloads as a record of its own, through the worker's door
    download = HttpRequest(method="GET", path=f"/api/records/{other.record_id}")
    _status, body = server.request(download)
    args = {"state": {}, "body": body.decode()}
    reply = json.loads(
        browser.handle(json.dumps({"op": "sync", "call": "local.download", "args": args}))
    )
    assert reply["ok"], reply
    assert tip_hash(downloaded(body)) == tablet.tip_hash
    # the phone's line goes on appending to its fork
    play(phone, 1, "more")
    phone_state, steps = sync_local(server, phone_state, phone.record)
    assert steps == ["appended"] and phone_state.acked_seq == phone.seq


def test_unknown_base_restarts_and_lost_upload_reply_uses_a_derived_id() -> None:
    server = FakeServer()
    timeline = local_game(13, 2)
    server.request(local_next(LocalState(record_id=timeline.record.id), timeline.record))  # type: ignore[arg-type]
    state, steps = sync_local(server, LocalState(record_id=timeline.record.id), timeline.record)
    assert steps == ["retry", "uploaded"]
    assert state.server_id == f"{timeline.record.id}~2"
    state = msgspec.structs.replace(state, acked_seq=1, acked_tip="0" * 64)
    play(timeline, 1, "c")
    state, steps = sync_local(server, state, timeline.record)
    assert steps == ["retry", "appended"] and state.acked_seq == 3


def test_the_worker_door_runs_sync_steps_on_json() -> None:
    timeline = local_game(14, 2)
    record_json = encode_record(timeline.record).decode()
    args = {"state": {"record_id": timeline.record.id}, "record_json": record_json}
    reply = json.loads(
        browser.handle(json.dumps({"op": "sync", "call": "local.next", "args": args}))
    )
    assert reply["ok"], reply
    request = reply["result"]["request"]
    assert (request["method"], request["path"]) == ("POST", "/api/records")
    status, body = FakeServer().request(msgspec.convert(request, type=HttpRequest))
    args = {**args, "status": status, "body": body.decode()}
    reply = json.loads(
        browser.handle(json.dumps({"op": "sync", "call": "local.reply", "args": args}))
    )
    assert reply["result"]["step"]["event"] == "uploaded"
    assert reply["result"]["state"]["acked_seq"] == 2


def test_upload_and_append_bodies_are_json_text_with_the_exact_seed() -> None:
    game = games.get("high-card")
    seed = 2**63 + 5  # beyond 2**53: a JavaScript number would round it
    timeline: Timeline[Any, Any, Any] = Timeline(
        game, new_record(game, record_id="big", seats=2, seed=seed)
    )
    play(timeline, 2, "a")
    state = LocalState(record_id="big")
    upload = local_next(state, timeline.record)
    assert upload is not None and upload.body_json is not None
    assert f'"seed":{seed}' in upload.body_json  # the text the page sends as it is
    assert upload.body_json == encode_record(timeline.record).decode()
    # through the worker's door too: the reply carries the text, not only parsed JSON
    args = {"state": {"record_id": "big"}, "record_json": upload.body_json}
    reply = browser.handle(json.dumps({"op": "sync", "call": "local.next", "args": args}))
    request = json.loads(reply)["result"]["request"]
    assert request["body_json"] == upload.body_json
    server = FakeServer()
    state, steps = sync_local(server, state, timeline.record)
    assert steps == ["uploaded"]
    play(timeline, 1, "b")
    append = local_next(state, timeline.record)
    assert append is not None and append.body_json is not None
    assert json.loads(append.body_json) == append.body
    assert len(append.body["entries"]) == 1


def test_a_duplicate_beyond_the_copy_pulls_before_sending_more() -> None:
    server = FakeServer()
    gid = server.create("high-card", players=2, seed=8)
    timeline = server.hosted[gid]
    state, record, _ = pull(server, HostedState(game_id=gid, seat=0), None, 0)
    card = timeline.legal_moves(0)[0]
    timeline.play(0, card, move_id="a")  # stored while this device's copy is behind
    second = timeline.legal_moves(0)[0]
    timeline.play(0, second, move_id="b")
    as_json = msgspec.to_builtins(second)
    state = hosted_queue(state, Pending(move_id="b", seat=0, based_on=1, move=as_json))
    request = hosted_next(state, record)
    assert request is not None
    status, body = server.request(request, seat=0)
    state, record, step = hosted_reply(state, record, "b", status, body)
    assert step.event == "accepted-gap" and state.behind
    follow = hosted_next(state, record)
    assert follow is not None and follow.method == "GET"
    state, record, _ = sync_hosted(server, state, record, 0)
    assert not state.behind and tip_hash(record) == timeline.tip_hash


def test_already_stored_with_a_longer_server_line() -> None:
    server = FakeServer()
    phone = local_game(15, 2)
    state, _ = sync_local(server, LocalState(record_id=phone.record.id), phone.record)
    stored = server.records[state.server_id or ""]
    seat = stored.to_move()[0]
    stored.play(seat, stored.legal_moves(seat)[0], move_id="elsewhere")
    retry = msgspec.structs.replace(state, acked_seq=0, acked_tip=None)
    retry, steps = sync_local(server, retry, phone.record)
    assert steps == ["already-stored"] and retry.acked_seq == 2
    (longer,) = retry.lines
    assert longer.seq == 3 and longer.parent_seq == 2


def test_the_worker_door_answers_each_step_with_the_next_request() -> None:
    """A hosted move crosses to the worker three times (queue, reply, pulled), not six:
    each step's reply names the request to send next and the pull to make, exactly as
    hosted.next and hosted.pull would for the state and copy it returns."""
    server = FakeServer()
    gid = server.create("high-card", players=2, seed=7)
    hand = server.hosted[gid].game.view(server.hosted[gid].state, 0).hand

    def door(call: str, **args: Any) -> dict[str, Any]:
        reply = json.loads(browser.handle(json.dumps({"op": "sync", "call": call, "args": args})))
        assert reply["ok"], reply
        result: dict[str, Any] = reply["result"]
        state = msgspec.convert(result["state"], type=HostedState)
        copy = result.get("record_json", args.get("record_json"))
        record = decode_record(copy.encode(), GAME) if copy else None
        expected = hosted_next(state, record)
        assert result["next"] == (None if expected is None else msgspec.to_builtins(expected))
        assert result["pull"] == msgspec.to_builtins(hosted_pull(state, record))
        return result

    def send(request: dict[str, Any]) -> tuple[int, bytes]:
        return server.request(msgspec.convert(request, type=HttpRequest), seat=0)

    state: dict[str, Any] = {"game_id": gid, "seat": 0}
    item = {"move_id": "m1", "seat": 0, "based_on": 0, "move": move(hand[0])}
    out = door("hosted.queue", state=state, item=item, record_json=None)
    assert out["next"]["method"] == "GET"  # no copy yet: a pull first
    status, body = send(out["next"])
    out = door("hosted.pulled", state=out["state"], status=status, body=body.decode())
    copy = out["record_json"]
    assert out["next"]["path"].endswith("/moves") and out["next"]["move_id"] == "m1"
    status, body = send(out["next"])
    out = door(
        "hosted.reply",
        state=out["state"],
        record_json=copy,
        move_id="m1",
        status=status,
        body=body.decode(),
    )
    assert out["step"]["event"] == "accepted" and out["next"] is None
    status, body = send(out["pull"])
    out = door(
        "hosted.pulled",
        state=out["state"],
        record_json=out["record_json"],
        status=status,
        body=body.decode(),
    )
    assert out["state"]["pending"] == [] and out["step"]["event"] == "pulled"
    assert tip_hash(decode_record(out["record_json"].encode(), GAME)) == server.hosted[gid].tip_hash
