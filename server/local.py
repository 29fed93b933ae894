"""Local records: games a device decided (it holds the seed), uploaded for backup,
continuation elsewhere and sharing, re-verified by replay before they are stored.

A branch that diverges from the stored record is kept as a fork: a record of its
own that refers to its parent and the common prefix (`shares_prefix`) and stores
only its own entries, so a fork of a long record costs what the branch costs.
A retried upload that forked already finds its fork by the hash of the branch's
first entry (kept in the parent's `Forked` event) without loading the others.
"""

from __future__ import annotations

import secrets
from typing import Any, TypeVar

import msgspec
from eventsourcing.persistence import IntegrityError

from core.kernel import (
    Record,
    RecordError,
    Timeline,
    decode_record,
    encode_compact,
    entry_hash,
    genesis_hash,
    record_game,
)
from core.kernel.codec import Format
from core.kernel.compact import is_compact
from core.sync import entry_type

from . import schemas as s
from .auth import authorize, new_token, token_hash
from .cache import Live, RecordCache, engine, record_entries
from .heavy import Checked, Heavy, Steps, checked_upload, job
from .hosted import hash_at
from .problems import ApiError
from .quotas import Quotas
from .store import GameStream

T = TypeVar("T")


def shape(body: bytes, kind: type[T]) -> T:
    """The body decoded as `kind`; 400 `bad-request` saying what is wrong."""
    try:
        return msgspec.json.decode(body, type=kind)
    except msgspec.DecodeError as exc:
        raise ApiError(400, "bad-request", f"not a {kind.__name__}: {exc}") from None


def bad_record(detail: str) -> ApiError:
    return ApiError(400, "bad-record", detail)


def record_invalid(divergence: dict[str, Any]) -> ApiError:
    return ApiError(
        422,
        "record-invalid",
        f"the record does not verify at seq {divergence['seq']}: {divergence['message']}",
        divergence=divergence,
    )


def invalid(exc: RecordError) -> ApiError:
    seq = exc.seq or 0
    return ApiError(
        422,
        "record-invalid",
        f"the entries do not verify at seq {seq}: {exc.message}",
        divergence={"seq": seq, "message": exc.message},
    )


def inherit_tokens(parent: GameStream, fork: GameStream) -> None:
    """A fork takes its parent's owner token (`owner_hash`), and so the tokens granted
    to a player's devices on it (players.py) and the ones revoked."""
    for digest, (role, seat, player_id, device_id) in parent.__dict__.get("grants", {}).items():
        fork.grant(
            token_hash=digest, role=role, seat=seat, player_id=player_id, device_id=device_id
        )
    revoked = parent.__dict__.get("revoked")
    if revoked:
        fork.revoke(token_hashes=list(revoked))


class LocalRecords:
    def __init__(self, cache: RecordCache, quotas: Quotas, heavy: Heavy) -> None:
        self.cache = cache
        self.quotas = quotas
        self.heavy = heavy

    def upload(
        self, body: bytes, token: str | None, client: str, *, fmt: Format = "json"
    ) -> Steps[tuple[s.RecordStored, int]]:
        """Store an uploaded record: JSON, or (`fmt` "compact") the compact form. Steps
        (heavy.py, driven by calls.run_heavy): the verification is a job for the child."""
        self.quotas.upload_bytes(client, len(body))
        if fmt == "json":
            shape(body, s.RecordUpload)
        elif not is_compact(body):
            raise bad_record("not a compact Kifu record")
        try:
            game = engine(record_game(body, fmt))
        except RecordError as exc:
            raise bad_record(exc.message) from None
        # decoded, checked and verified in the child: here only the body waits for it
        checked: Checked = yield job(checked_upload, game, body, fmt, self.quotas.max_entries)
        if checked.bad is not None:
            raise bad_record(checked.bad)
        self.quotas.check_length(checked.entries)
        if checked.divergence is not None:
            raise record_invalid(checked.divergence)
        owner = token if token and len(token) >= 16 else new_token()
        agg = GameStream(
            record_id=checked.record_id,
            kind="local",
            game=game.info.id,
            genesis=checked.genesis,
            invite_hashes=[],
            spectator_hash="",
            owner_hash=token_hash(owner),
            names=[],
            fork_of="",
            fork_seq=0,
            shares_prefix=False,
        )
        if checked.chunk:
            agg.append_chunk(chunk=checked.chunk)
        try:
            self.quotas.new_record(client)
            self.cache.put(agg)
        except IntegrityError:  # the id exists: decoded here, for this rarer path
            return self._reupload(decode_record(body, game, fmt), token, client), 200
        stored = s.RecordStored(
            record_id=checked.record_id,
            owner_token=owner,
            seq=checked.entries,
            tip_hash=checked.tip_hash,
        )
        return stored, 201

    def _reupload(self, record: Record[Any, Any], token: str | None, client: str) -> s.RecordStored:
        """The id exists. Its owner re-uploading (a retry, or a longer copy) appends."""
        exists = ApiError(
            409, "record-exists", f"record {record.id!r} exists: append to it instead"
        )
        live = self.cache.get(record.id)
        if not token or live.aggregate.kind != "local":
            raise exists
        try:
            authorize(live.aggregate, token)
        except ApiError:
            raise exists from None
        result = self.cache.write(
            live,
            lambda: self._append(live, genesis_hash(record.genesis), list(record.entries), client),
        )
        if result.status == "forked":
            raise ApiError(
                409,
                "record-exists",
                f"record {record.id!r} exists with other entries; stored yours as fork "
                f"{result.fork.record_id if result.fork else ''}",
            )
        return s.RecordStored(
            record_id=record.id,
            owner_token=token,
            seq=result.seq,
            tip_hash=result.tip_hash,
            status="already-stored" if result.status == "already-stored" else "appended",
        )

    def _owned(self, record_id: str, token: str | None) -> Live:
        live = self.cache.get(record_id)
        if live.aggregate.kind != "local":
            raise ApiError(404, "not-found", f"no uploaded record {record_id!r}")
        if authorize(live.aggregate, token).role != "owner":  # pragma: no cover
            raise ApiError(403, "forbidden", "only the owner may do this")
        return live

    def append(self, record_id: str, token: str | None, body: bytes, client: str) -> s.AppendResult:
        self.quotas.upload_bytes(client, len(body))
        req = shape(body, s.AppendEntries)
        live = self._owned(record_id, token)
        game = live.engine
        try:
            entries = msgspec.convert(req.entries, list[entry_type(game)])  # type: ignore[misc]
        except msgspec.ValidationError as exc:
            raise bad_record(f"not {game.info.id} entries: {exc}") from None

        def attempt() -> s.AppendResult:
            authorize(live.aggregate, token)  # as stored now: a token revoked meanwhile
            return self._append(live, req.expected_tip, entries, client)

        return self.cache.write(live, attempt)

    def _append(
        self, live: Live, expected_tip: str, entries: list[Any], client: str
    ) -> s.AppendResult:
        tl = live.tl
        server = tl.record.entries
        if entries:
            base = entries[0].seq - 1
        else:
            base = next((q for q in range(tl.seq, -1, -1) if hash_at(live, q) == expected_tip), -1)
        if not 0 <= base <= tl.seq or hash_at(live, base) != expected_tip:
            raise ApiError(
                404,
                "unknown-base",
                "expected_tip is not the hash of an entry of this record (or does not match "
                "the first entry's seq)",
                seq=tl.seq,
                tip_hash=tl.tip_hash,
            )
        for i, entry in enumerate(entries):
            if entry.seq != base + i + 1:
                raise bad_record(f"entry {i} has seq {entry.seq}, expected {base + i + 1}")
        self.quotas.check_length(base + len(entries))
        shared = 0
        while (
            shared < len(entries)
            and base + shared < tl.seq
            and entry_hash(entries[shared]) == entry_hash(server[base + shared])
        ):
            shared += 1
        if shared == len(entries):
            return s.AppendResult(
                status="already-stored", record_id=live.record_id, seq=tl.seq, tip_hash=tl.tip_hash
            )
        if base + shared < tl.seq:
            return self._fork(live, base + shared, entries[shared:], client)
        fresh = entries[shared:]
        try:
            for entry in fresh:
                tl.append(entry, check="verify")
        except RecordError as exc:
            self.cache.discard(live)
            raise invalid(exc) from None
        self.cache.append(live, fresh)
        self.cache.save(live)
        return s.AppendResult(
            status="appended", record_id=live.record_id, seq=live.tl.seq, tip_hash=live.tl.tip_hash
        )

    def _fork(self, live: Live, parent_seq: int, branch: list[Any], client: str) -> s.AppendResult:
        """Store `branch` (diverging after parent_seq) as a fork of the record."""
        agg, tl = live.aggregate, live.tl
        first = entry_hash(branch[0])
        for fork_id, at, *known in agg.forks:  # a retry of an upload that already forked
            if at != parent_seq or (known and known[0] and known[0] != first):
                continue
            fork = self.cache.get(fork_id)
            with fork.lock:
                self.cache.refresh(fork)
                if fork.tl.seq > parent_seq and hash_at(fork, parent_seq + 1) == first:
                    result = self._append(fork, hash_at(fork, parent_seq), branch, client)
                    return self._forked(live, fork_id, result.seq, result.tip_hash, parent_seq)
        self.quotas.check_forks(len(agg.forks))
        self.quotas.new_record(client)
        fork_id = f"{live.record_id[:60]}~{secrets.token_hex(4)}"
        prefix = Record(
            id=fork_id, genesis=tl.record.genesis, entries=tl.record.entries[:parent_seq]
        )
        try:
            branched = Timeline(live.engine, prefix)  # stored, so verified already
            for entry in branch:
                branched.append(entry, check="verify")
        except RecordError as exc:
            raise invalid(exc) from None
        fork_agg = GameStream(
            record_id=fork_id,
            kind="local",
            game=agg.game,
            genesis=agg.genesis,
            invite_hashes=[],
            spectator_hash="",
            owner_hash=agg.owner_hash,
            names=[],
            fork_of=live.record_id,
            fork_seq=parent_seq,
            shares_prefix=True,
        )
        inherit_tokens(agg, fork_agg)
        after = tl.record.entries[parent_seq - 1] if parent_seq else None
        record_entries(fork_agg, live.engine, tl.record.genesis, branch, after=after)
        agg.add_fork(fork_id=fork_id, parent_seq=parent_seq, first_hash=first)
        self.cache.save(live, fork_agg)
        return self._forked(live, fork_id, branched.seq, branched.tip_hash, parent_seq)

    def _forked(
        self, live: Live, fork_id: str, seq: int, tip: str, parent_seq: int
    ) -> s.AppendResult:
        return s.AppendResult(
            status="forked",
            record_id=live.record_id,
            seq=live.tl.seq,
            tip_hash=live.tl.tip_hash,
            fork=s.ForkInfo(record_id=fork_id, seq=seq, tip_hash=tip, parent_seq=parent_seq),
        )

    def download_compact(self, record_id: str, token: str | None) -> bytes:
        """The whole record (seed included) in the compact form."""
        live = self._owned(record_id, token)
        with live.lock:
            self.cache.refresh(live)
            return encode_compact(live.engine, live.tl.record)

    def download(self, record_id: str, token: str | None) -> s.RecordDownload:
        live = self._owned(record_id, token)
        with live.lock:
            self.cache.refresh(live)
            agg, tl = live.aggregate, live.tl
            return s.RecordDownload(
                record=tl.record,
                seq=tl.seq,
                tip_hash=tl.tip_hash,
                forks=[s.ForkRef(record_id=fork[0], parent_seq=fork[1]) for fork in agg.forks],
                fork_of=s.ForkRef(record_id=agg.fork_of, parent_seq=agg.fork_seq)
                if agg.fork_of
                else None,
                share_id=agg.share_id or None,
                rules_version=tl.record.genesis.rules_version,
            )
