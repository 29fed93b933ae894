"""Share links: a finished game's full record (seed included) under a public id, and
the review the sharing client made of it, once this server made the same.

A review (core/kernel/review.py) is deterministic: the same record and review seed
give the same review, on any runtime. So the client that shares sends the review it
computed (`{"review": ...}`, the body of the share request; at most
`max_review_bytes`, 413 past it) and anyone can check it. The server checks the cheap
things in the request (422 `bad-review`: the title can be judged, the review names this
record's game, id and tip, the default judging and budget, a seed in 0..2**64-1), then
recomputes the review in a child process of its own (`checker`, heavy.py's `Heavy`:
one job at a time at a lower CPU priority; a whole game takes seconds, so never in the
request, and never ahead of an upload in the uploads' child). Only a review equal to
its own is stored (`SharedReview`, once: its id is the share's, the unique key admits
one) and only then does the shared answer carry it; a mismatch is dropped (logged),
never shown. The share's answer says where its review is: "none", "checking",
"published" or "refused" (the last two from memory for a check this process made;
after a restart a refused review reads "none" and may be sent again).

Bounds: one check per share at a time, at most `review_queue` being checked per
process (503 `busy` past it), `reviews_per_hour` sent to be checked per address (429).
"""

from __future__ import annotations

import contextlib
import logging
import math
import secrets
import threading
from collections import OrderedDict
from concurrent.futures import Future
from typing import Any, Literal

import msgspec
from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError

from core.kernel import KifuError, encode_compact
from core.kernel.review import DEFAULT_BUDGET, judge_of

from . import schemas as s
from .auth import authorize
from .cache import Live, RecordCache
from .heavy import Heavy, Rereviewed, busy, rereviewed
from .problems import ApiError
from .quotas import Quotas
from .store import SharedReview, ShareLink, review_uuid, share_uuid

log = logging.getLogger("kifu.sharing")

REFUSED_KEPT = 1000  # shares whose last review was refused, remembered (per process)
SEEDS = range(2**64)
State = Literal["none", "checking", "published", "refused"]


class _Body(msgspec.Struct):
    review: msgspec.Raw = msgspec.field(default_factory=lambda: msgspec.Raw(b"null"))


class _Head(msgspec.Struct):
    """What a review is of, and how it was made (the rest is the child's to check)."""

    game: str
    record_id: str
    tip_hash: str
    seed: int
    judging: dict[str, Any]
    entries: list[msgspec.Raw]


def bad_review(detail: str) -> ApiError:
    return ApiError(422, "bad-review", detail)


class Sharing:
    def __init__(
        self,
        cache: RecordCache,
        quotas: Quotas,
        checker: Heavy,
        *,
        review_queue: int = 4,
        max_review_bytes: int = 1024 * 1024,
    ) -> None:
        self.cache = cache
        self.quotas = quotas
        self.checker = checker
        self.review_queue = max(1, review_queue)
        self.max_review_bytes = max_review_bytes
        self._lock = threading.Lock()
        self._checking: dict[str, Future[Any]] = {}  # share id -> its review's check
        self._refused: OrderedDict[str, str] = OrderedDict()  # share id -> why

    def share(
        self,
        record_id: str,
        token: str | None,
        *,
        hosted: bool,
        body: bytes = b"",
        client: str = "",
    ) -> s.ShareCreated:
        """Share the finished record (once: the same id again after); with a body
        `{"review": ...}`, send its review to be checked (see the module)."""
        sent = self._sent(body)
        live = self.cache.get(record_id)

        def attempt() -> str:
            agg = live.aggregate
            if hosted != (agg.kind == "hosted"):
                raise ApiError(
                    404, "not-found", f"no {'game' if hosted else 'record'} {record_id!r}"
                )
            if authorize(agg, token).role == "spectator":
                raise ApiError(403, "forbidden", "spectators cannot share a game")
            if not live.over():
                raise ApiError(
                    409, "game-not-over", "only finished games can be shared; this one is not over"
                )
            if sent is not None:
                self._precheck(live, sent)
            if not agg.share_id:
                share_id = secrets.token_urlsafe(16)
                agg.share(share_id=share_id)
                self.cache.save(live, ShareLink(share_id=share_id, record_id=record_id))
            return str(agg.share_id)

        share_id = self.cache.write(live, attempt)
        review = self._review_state(share_id)
        if sent is not None and review in ("none", "refused"):
            review = self._check(share_id, live, sent, client)
        return s.ShareCreated(share_id=share_id, path=f"/api/shared/{share_id}", review=review)

    # -- a review sent -----------------------------------------------------------------

    def _sent(self, body: bytes) -> tuple[bytes, _Head] | None:
        """The review in the body (its JSON bytes and head), None without one."""
        if not body.strip():
            return None
        try:
            raw = msgspec.json.decode(body, type=_Body).review
        except msgspec.ValidationError as exc:
            raise bad_review(f'the body is {{"review": <a game review>}}: {exc}') from None
        except msgspec.DecodeError as exc:
            raise ApiError(400, "bad-request", f"the body is not JSON: {exc}") from None
        if bytes(raw).strip() == b"null":
            return None
        if len(raw) > self.max_review_bytes:
            raise ApiError(
                413,
                "body-too-large",
                f"reviews may be up to {self.max_review_bytes} bytes; this one is {len(raw)}",
            )
        try:
            head = msgspec.json.decode(raw, type=_Head)
        except msgspec.ValidationError as exc:
            raise bad_review(f"not a game review: {exc}") from None
        return bytes(raw), head

    def _precheck(self, live: Live, sent: tuple[bytes, _Head]) -> None:
        """The cheap checks, in the request (call under the record's lock)."""
        head = sent[1]
        game = live.engine
        try:
            judge = judge_of(game)
        except KifuError:
            raise bad_review(
                f"{game.info.id} games cannot be reviewed: no bot of it judges a position"
            ) from None
        record = live.tl.record
        if (head.game, head.record_id, head.tip_hash) != (
            game.info.id,
            record.id,
            live.tl.tip_hash,
        ):
            raise bad_review("not the review of this record: it names another game, record or tip")
        budget = DEFAULT_BUDGET
        judging = {
            "bot": judge.name,
            "lookahead": judge.lookahead,
            "beam": judge.beam,
            "ranked": judge.ranked,
            "rollout": judge.rollout,
            "worlds": budget.worlds,
            "effort": budget.effort,
            "candidates": budget.candidates,
        }
        if head.judging != judging:
            raise bad_review(
                f"judged otherwise than this server reviews: {head.judging} (the review's "
                f"default is {judging})"
            )
        if head.seed not in SEEDS:
            raise bad_review(f"the review seed must be in 0..2**64-1, not {head.seed}")

    def _review_state(self, share_id: str) -> State:
        if self._stored(share_id) is not None:
            return "published"
        with self._lock:
            if share_id in self._checking:
                return "checking"
            return "refused" if share_id in self._refused else "none"

    def _check(self, share_id: str, live: Live, sent: tuple[bytes, _Head], client: str) -> State:
        """Send the review to be checked in the child; "checking"."""
        data, head = sent
        with self._lock:
            if share_id in self._checking:
                return "checking"
            if len(self._checking) >= self.review_queue:
                raise busy(max(1, math.ceil(len(self._checking) * self.checker.average())))
            self.quotas.review(client)
            self._checking[share_id] = Future()  # held until the job is submitted
        try:
            with live.lock:
                compact = encode_compact(live.engine, live.tl.record)
            future = self.checker.submit(rereviewed, live.engine, compact, head.seed, data)
        except BaseException:
            with self._lock:
                self._checking.pop(share_id, None)
            raise
        with self._lock:
            self._checking[share_id] = future
        future.add_done_callback(lambda done: self._checked(share_id, head.seed, done))
        return "checking"

    def _checked(self, share_id: str, seed: int, done: Future[Any]) -> None:
        """The child's answer: store the review (equal to the server's) or drop it."""
        try:
            answer: Rereviewed = done.result()
            if answer.refused is None:
                # stored already: another process checked it first
                with contextlib.suppress(IntegrityError):
                    self.cache.put(SharedReview(share_id=share_id, seed=seed, review=answer.review))
                with self._lock:
                    self._refused.pop(share_id, None)
            else:
                log.info("shared review refused", extra={"share_id": share_id})
                self._refuse(share_id, answer.refused)
        except Exception as exc:  # the child died, the store failed: not published
            log.warning("shared review not checked: %s", exc, extra={"share_id": share_id})
            self._refuse(share_id, f"could not be checked: {exc}")
        finally:
            with self._lock:
                self._checking.pop(share_id, None)

    def _refuse(self, share_id: str, why: str) -> None:
        with self._lock:
            self._refused[share_id] = why
            self._refused.move_to_end(share_id)
            while len(self._refused) > REFUSED_KEPT:
                self._refused.popitem(last=False)

    def _stored(self, share_id: str) -> SharedReview | None:
        try:
            stored: Any = self.cache.store.repository.get(review_uuid(share_id))
        except (AggregateNotFoundError, ValueError):
            return None
        return stored if isinstance(stored, SharedReview) else None

    # -- reading -----------------------------------------------------------------------

    def _finished(self, share_id: str) -> Live:
        """The shared game's Live, refreshed (call under its lock)."""
        try:
            link: Any = self.cache.store.repository.get(share_uuid(share_id))
        except (AggregateNotFoundError, ValueError):
            raise ApiError(404, "not-found", f"no shared game {share_id!r}") from None
        assert isinstance(link, ShareLink)
        live = self.cache.get(link.record_id)
        with live.lock:
            self.cache.refresh(live)
            if not live.over():  # cannot happen: only finished games get a share id
                raise ApiError(404, "not-found", f"no shared game {share_id!r}")
        return live

    def shared_compact(self, share_id: str) -> bytes:
        """The shared (finished, so never changing) record in the compact form."""
        live = self._finished(share_id)
        with live.lock:
            return encode_compact(live.engine, live.tl.record)

    def shared(self, share_id: str) -> s.SharedRecord:
        live = self._finished(share_id)
        stored = self._stored(share_id)
        with live.lock:
            return s.SharedRecord(
                share_id=share_id,
                record=live.tl.record,
                outcome=live.engine.outcome(live.tl.state),
                rules_version=live.tl.record.genesis.rules_version,
                view=live.engine.view(live.tl.state, None),
                review=msgspec.Raw(stored.review) if stored is not None else None,
            )
