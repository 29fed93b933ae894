"""A kernel-built stand-in for the server's sync endpoints (server/API.md), in-process.

It answers core.sync's HttpRequests with the statuses and bodies API.md specifies
(hosted moves/take-backs/record pulls; local record upload/append with forks),
built with core.wire's structs as the server's are, so core/sync.py is tested
against the contract while server/ is being written.
The real server replaces it in tests/sync once it can run in-process.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from core import games, wire
from core.kernel import (
    Entry,
    IllegalMove,
    Record,
    TakeBack,
    Timeline,
    entry_hash,
    genesis_hash,
    new_record,
    verify,
)
from core.sync import HttpRequest, entry_type

Status = Literal["appended", "already-stored", "forked"]


def _json(obj: Any) -> bytes:
    return msgspec.json.encode(obj)


def _problem(status: int, code: str, detail: str = "", **extra: Any) -> tuple[int, bytes]:
    problem = wire.Problem(type=code, title=code, status=status, detail=detail, code=code, **extra)
    return status, _json(problem)


class FakeServer:
    def __init__(self) -> None:
        self.hosted: dict[str, Timeline[Any, Any, Any]] = {}
        self.records: dict[str, Timeline[Any, Any, Any]] = {}
        self.tokens: dict[str, str] = {}
        self.forks = 0

    # -- hosted ------------------------------------------------------------------------

    def create(self, game_id: str, *, players: int, seed: int, **options: Any) -> str:
        gid = f"g_{len(self.hosted) + 1}"
        game = games.get(game_id)
        record = new_record(game, record_id=gid, seats=players, seed=seed, options=options)
        self.hosted[gid] = Timeline(game, record)
        return gid

    def _redact(self, timeline: Timeline[Any, Any, Any], entry: Any, seat: int | None) -> Any:
        if isinstance(entry, TakeBack) or timeline.game.outcome(timeline.state) is not None:
            return entry
        events = [timeline.game.redact(e, seat) for e in entry.events]
        return msgspec.structs.replace(entry, events=events)

    def request(self, req: HttpRequest, *, seat: int | None = None) -> tuple[int, bytes]:
        parts = req.path.split("?")[0].strip("/").split("/")
        body = req.body
        if parts[:2] == ["api", "games"]:
            timeline = self.hosted[parts[2]]
            if parts[3] == "record":
                since = int(req.path.split("since=")[1]) if "since=" in req.path else 0
                return self._record(timeline, seat, since)
            assert seat is not None
            return self._submit(timeline, seat, parts[3], body)
        if parts == ["api", "records"]:
            return self._upload(body)
        if parts[:2] == ["api", "records"] and len(parts) == 3:
            timeline = self.records[parts[2]]
            return 200, _json(
                wire.RecordDownload(
                    record=timeline.record,
                    seq=timeline.seq,
                    tip_hash=timeline.tip_hash,
                    forks=[],
                    fork_of=None,
                    share_id=None,
                )
            )
        if parts[:2] == ["api", "records"] and parts[3] == "entries":
            return self._append(parts[2], body)
        raise AssertionError(req.path)

    def _record(
        self, timeline: Timeline[Any, Any, Any], seat: int | None, since: int
    ) -> tuple[int, bytes]:
        over = timeline.game.outcome(timeline.state) is not None
        genesis = timeline.record.genesis
        if not over:
            genesis = msgspec.structs.replace(genesis, seed=None)
        entries = [self._redact(timeline, e, seat) for e in timeline.record.entries[since:]]
        return 200, _json(
            wire.RecordResponse(
                record_id=timeline.record.id,
                genesis=genesis,
                entries=entries,
                since=since,
                seq=timeline.seq,
                tip_hash=timeline.tip_hash,
                over=over,
            )
        )

    def _submit(
        self, timeline: Timeline[Any, Any, Any], seat: int, what: str, body: dict[str, Any]
    ) -> tuple[int, bytes]:
        move_id = body["move_id"]
        earlier = timeline.entry_by_move_id(seat, move_id)
        if earlier is None and body.get("expected_seq") not in (None, timeline.seq):
            since = body["expected_seq"]
            entries = [self._redact(timeline, e, seat) for e in timeline.record.entries[since:]]
            return _problem(
                409, "seq-conflict", "the game moved on", seq=timeline.seq, entries=entries
            )
        try:
            if what == "moves":
                move = msgspec.convert(body["move"], type=timeline.game.move_type)
                entry: Any = timeline.play(seat, move, move_id=move_id, at=body.get("at", 0))
            else:
                entry = timeline.take_back(seat, body.get("to_seq"), move_id=move_id)
        except IllegalMove as exc:
            return _problem(422, exc.code, exc.message, rule_id=exc.rule_id)
        status = 200 if earlier is not None else 201
        return status, _json(
            wire.MoveAccepted(
                entry=self._redact(timeline, entry, seat),
                seq=timeline.seq,
                tip_hash=timeline.tip_hash,
                view=timeline.game.view(timeline.state, seat),
                outcome=timeline.game.outcome(timeline.state),
                duplicate=earlier is not None,
            )
        )

    # -- local records -----------------------------------------------------------------

    def _decode(self, body: Any) -> Record[Any, Any]:
        game = games.get(body["genesis"]["game"])
        from core.kernel import record_type

        record: Record[Any, Any] = msgspec.convert(body, type=record_type(game))
        return record

    def _upload(self, body: Any) -> tuple[int, bytes]:
        record = self._decode(body)
        if record.id in self.records:
            return _problem(409, "record-exists", "that id is taken")
        game = games.get(record.genesis.game)
        divergence = verify(game, record)
        if divergence is not None:
            return _problem(422, "record-invalid", divergence.message, divergence=divergence)
        self.records[record.id] = Timeline(game, record)
        token = f"owner-{record.id}"
        self.tokens[record.id] = token
        timeline = self.records[record.id]
        return 201, _json(
            wire.RecordStored(
                record_id=record.id, owner_token=token, seq=timeline.seq, tip_hash=timeline.tip_hash
            )
        )

    def _append(self, record_id: str, body: Any) -> tuple[int, bytes]:
        timeline = self.records[record_id]
        game = timeline.game
        hashes = [genesis_hash(timeline.record.genesis)] + [
            entry_hash(e) for e in timeline.record.entries
        ]
        if body["expected_tip"] not in hashes:
            return _problem(404, "unknown-base", "expected_tip is not an entry of this record")
        base = hashes.index(body["expected_tip"])
        entries = [msgspec.convert(e, type=entry_type(game)) for e in body["entries"]]
        held = timeline.record.entries
        fresh = []
        for entry in entries:
            if entry.seq <= len(held) and entry_hash(held[entry.seq - 1]) == entry_hash(entry):
                continue
            fresh.append(entry)
        if not fresh:
            return 200, _json(self._appended("already-stored", timeline))
        if fresh[0].seq == len(held) + 1:
            for entry in fresh:
                timeline.append(entry, check="verify")
            return 200, _json(self._appended("appended", timeline))
        parent_seq = fresh[0].seq - 1
        assert parent_seq >= base
        self.forks += 1
        fork_id = f"{record_id}-fork{self.forks}"
        prefix = Record(
            id=fork_id, genesis=timeline.record.genesis, entries=list(held[:parent_seq])
        )
        fork = Timeline(game, prefix)
        for entry in fresh:
            fork.append(entry, check="verify")
        self.records[fork_id] = fork
        info = wire.ForkInfo(
            record_id=fork_id, seq=fork.seq, tip_hash=fork.tip_hash, parent_seq=parent_seq
        )
        return 201, _json(self._appended("forked", timeline, info))

    def _appended(
        self, status: Status, timeline: Timeline[Any, Any, Any], fork: wire.ForkInfo | None = None
    ) -> wire.AppendResult:
        return wire.AppendResult(
            status=status,
            record_id=timeline.record.id,
            seq=timeline.seq,
            tip_hash=timeline.tip_hash,
            fork=fork,
        )


__all__ = ["Entry", "FakeServer"]
