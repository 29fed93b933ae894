"""Hosted games: the server holds the seed, validates every move, plays bot seats.

Bot seats are played here: whenever a bot seat is to move (after creation, after
each accepted move or take-back), its moves are made with the kernel's bots and
stored with the entry that set them off, in the same save, so optimistic
concurrency covers them too.

Everything a seat receives goes through the kernel's `redact_record` /
`redact_entry`: the seed is withheld and events redacted for that seat until the
game is over.
"""

from __future__ import annotations

import hmac
import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any

import msgspec
from eventsourcing.persistence import IntegrityError

from core.kernel import (
    Decider,
    IllegalMove,
    Record,
    Rng,
    SetupError,
    Timeline,
    bots_of,
    canonical,
    entry_hash,
    genesis_hash,
    new_record,
    play_bots,
    random_bot,
    redact_entry,
    redact_record,
)
from core.kernel.compact import counted_id, counted_ids
from core.wire import encode_pull

from . import schemas as s
from .auth import Principal, authorize, new_token, seat_of, token_hash
from .cache import MAX_RETRIES, Live, RecordCache, engine, record_entries
from .clock import (
    CLOCK_DEVICE,
    PASS,
    ClockAct,
    ClockIndex,
    clock_bot,
    deadline,
    move_kind,
    remind_at,
)
from .names import clean_name, shown_name
from .presence import Presence
from .problems import ApiError
from .push import Announcer, endpoint_allowed
from .quotas import Quotas
from .store import GameStream

BOT_MOVES_MAX = 10_000  # per request: a guard against an engine that never ends


def now_ms() -> int:
    return int(time.time() * 1000)


def redacted(live: Live, seat: int | None, since: int = 0) -> Record[Any, Any]:
    """The record's entries after `since` as `seat` may see them (whole once over)."""
    tl = live.tl
    part = Record(id=tl.record.id, genesis=tl.record.genesis, entries=tl.record.entries[since:])
    return redact_record(live.engine, part, seat, over=live.over())


def hash_at(live: Live, seq: int) -> str:
    tl = live.tl
    return genesis_hash(tl.record.genesis) if seq == 0 else entry_hash(tl.record.entries[seq - 1])


def check_bots(game: Decider[Any, Any, Any, Any], players: int, bots: dict[int, str]) -> None:
    """A table's bot seats must be its seats, name the game's bots, and leave a person."""
    offered = bots_of(game)
    for seat, name in sorted(bots.items()):
        if not 0 <= seat < players:
            raise ApiError(
                400, "bad-request", f"bots: {seat} is not a seat of a {players}-player game"
            )
        if name not in offered:
            raise ApiError(
                422,
                "unknown-bot",
                f"{game.info.id} has no bot {name!r}; its bots are: {', '.join(offered)}",
            )
    if len(bots) >= players:
        raise ApiError(422, "bad-setup", "every seat is a bot: at least one must be a person")


def check_clock(clock: dict[str, Any] | None) -> dict[str, Any] | None:
    """A new table's clock as stored (`s.TableClock`'s fields), None for none; 422
    `bad-clock` for one that is not a TableClock."""
    if clock is None:
        return None
    try:
        checked = msgspec.convert(clock, s.TableClock)
    except msgspec.ValidationError as exc:
        raise ApiError(
            422,
            "bad-clock",
            f"clock: {exc} (move_seconds 1 to {7 * 86400}; on_timeout bot, skip or abandon)",
        ) from None
    return {"move_seconds": checked.move_seconds, "on_timeout": checked.on_timeout}


def play_bot_seats(
    game: Decider[Any, Any, Any, Any], tl: Timeline[Any, Any, Any], agg: GameStream, limit: int
) -> list[Any]:
    """Make the bot seats' moves until a person is to move, the game is over or the
    record holds `limit` entries; the new entries. Each run seeds the bots' own Rng
    from the table's bot seed and the seq it starts at: the game's RNG is never
    touched, and a bot the engine no longer offers plays randomly."""
    seats = agg.bot_seats()
    if not seats:
        return []
    offered = bots_of(game)
    before = tl.seq
    play_bots(
        tl,
        {seat: offered.get(name, random_bot) for seat, name in seats.items()},
        Rng.seeded(agg.bots_seed(), stream=before),
        max_entries=min(before + BOT_MOVES_MAX, limit),
        move_id=_bot_move_ids(tl),
        at=now_ms(),
    )
    return list(tl.record.entries[before:])


def _bot_move_ids(tl: Timeline[Any, Any, Any]) -> Callable[[int], str]:
    """The bots' move ids: 16 hex digits counting on from the last the server made for
    them (device ""), from a random start in a game that has none, so the compact
    record stores each as one byte. Ids are each seat's own: a count is safe to guess."""
    last = next(
        (
            number
            for entry in reversed(tl.record.entries)
            if not entry.device_id and (number := counted_id(entry.move_id)) is not None
        ),
        secrets.randbits(64),
    )
    ids = counted_ids(last)
    return lambda _seq: next(ids)


def people(live: Live, seat: int) -> list[int]:
    """The other people at a hosted table (every seat but `seat` and the bots'): each
    plays on a device of their own, and their moves are theirs to take back."""
    bots = live.aggregate.bot_seats()
    return [
        other
        for other in range(live.tl.record.genesis.seats)
        if other not in bots and other != seat
    ]


def undone_people(live: Live, seat: int, to_seq: int) -> list[int]:
    """The other people (`people`) whose moves a take-back by `seat` to `to_seq` undoes:
    the ones whose consent it needs."""
    tl = live.tl
    line = tl.line
    if to_seq not in line:
        return []
    others = people(live, seat)
    undone = [tl.record.entries[seq - 1].seat for seq in line[line.index(to_seq) + 1 :]]
    return [other for other in others if other in undone]


def own_undo_target(live: Live, seat: int) -> int | None:
    """Where taking back `seat`'s last move in effect returns the game: the point just
    before it (what a player means by "take back my move" once others have replied)."""
    tl = live.tl
    line, entries = tl.line, tl.record.entries
    for i in range(len(line) - 1, 0, -1):
        if entries[line[i] - 1].seat == seat:
            return line[i - 1]
    return None


class HostedGames:
    def __init__(
        self,
        cache: RecordCache,
        quotas: Quotas,
        *,
        ask_ms: int = 120_000,
        announcer: Announcer | None = None,
        push_hosts: Sequence[str] = (),
        push_per_seat: int = 8,
    ) -> None:
        self.cache = cache
        self.quotas = quotas
        self.max_entries = quotas.max_entries
        self.ask_ms = ask_ms  # how long a take-back ask waits for consent
        self.announcer = announcer  # Web Push (push.py); None: no pushes
        self.push_hosts = push_hosts
        self.push_per_seat = push_per_seat
        self.presence = Presence()  # who holds the table's live socket (live.py)
        self.clocked = ClockIndex(cache)  # the clocked tables not yet over (clock.py)
        self.watch: Callable[[str], None] | None = None  # the clock task's (clock.py)

    def _hosted(self, game_id: str, token: str | None) -> tuple[Live, Principal]:
        live = self.cache.get(game_id)
        if live.aggregate.kind != "hosted":
            raise ApiError(404, "not-found", f"no hosted game {game_id!r}")
        return live, authorize(live.aggregate, token)

    def principal(self, game_id: str, token: str | None) -> Principal:
        return self._hosted(game_id, token)[1]

    def create(self, req: s.CreateGame, client: str) -> s.GameCreated:
        """A new table; bot seats get no invite code and play at once if they start.
        Tables are never deleted, so `client` (an address) has an hourly quota."""
        game = engine(req.game)
        check_bots(game, req.players, req.bots)
        clock = check_clock(req.clock)
        names = [clean_name(name) for name in req.names][: req.players]
        self.quotas.new_game(client)
        codes = {
            seat: secrets.token_urlsafe(16) for seat in range(req.players) if seat not in req.bots
        }
        spectator = new_token()
        for _ in range(MAX_RETRIES):
            game_id = "g-" + secrets.token_hex(8)
            try:
                record = new_record(
                    game,
                    record_id=game_id,
                    seats=req.players,
                    seed=secrets.randbits(128),
                    options=dict(req.options),
                    takeback=req.takeback,
                    created_at=now_ms(),
                )
            except SetupError as exc:
                raise ApiError(422, "bad-setup", str(exc)) from None
            agg = GameStream(
                record_id=game_id,
                kind="hosted",
                game=game.info.id,
                genesis=canonical(record.genesis).decode(),
                invite_hashes=[
                    token_hash(codes[seat]) if seat in codes else "" for seat in range(req.players)
                ],
                spectator_hash=token_hash(spectator),
                owner_hash="",
                names=names,
                fork_of="",
                fork_seq=0,
                shares_prefix=False,
            )
            if clock:
                agg.set_clock(**clock)
            if req.bots:
                agg.seat_bots(
                    bots=[req.bots.get(seat, "") for seat in range(req.players)],
                    bot_seed=secrets.token_bytes(16),  # 128 bits (store.py: as bytes)
                )
            bot_entries = play_bot_seats(game, Timeline(game, record), agg, self.max_entries)
            record_entries(agg, game, record.genesis, bot_entries)
            if clock:  # listed first: a table is never stored unlisted
                self.clocked.add(game_id)
            try:
                self.cache.put(agg)
            except IntegrityError:
                continue
            if clock and self.watch is not None:
                self.watch(game_id)
            return s.GameCreated(
                game_id=game_id,
                game=game.info.id,
                players=req.players,
                invites=[s.Invite(seat=i, code=c) for i, c in codes.items()],
                spectator_token=spectator,
                spectator_path=f"/?watch={game_id}&token={spectator}",
            )
        raise ApiError(503, "unavailable", "could not allocate a game id")  # pragma: no cover

    def claim_seat(self, game_id: str, req: s.ClaimSeat) -> s.SeatClaimed:
        name = clean_name(req.name)
        live = self.cache.get(game_id)

        def attempt() -> s.SeatClaimed:
            agg = live.aggregate
            if agg.kind != "hosted":
                raise ApiError(404, "not-found", f"no hosted game {game_id!r}")
            digest = token_hash(req.code)
            seat = next(
                (
                    i
                    for i, known in enumerate(agg.invite_hashes)
                    if known and hmac.compare_digest(known, digest)  # bot seats have none
                ),
                None,
            )
            if seat is None:
                raise ApiError(404, "not-found", "no such invite code for this game")
            if agg.seat_hashes[seat]:
                raise ApiError(409, "seat-taken", f"seat {seat} has been claimed already")
            token = new_token()
            agg.claim_seat(seat=seat, token_hash=token_hash(token), name=name, at=now_ms())
            self.cache.save(live)
            return s.SeatClaimed(game_id=game_id, seat=seat, token=token)

        claimed = self.cache.write(live, attempt)
        if live.aggregate.table_clock() and self.watch is not None:
            self.watch(game_id)  # the last seat taken starts the clock: look again soon
        return claimed

    # -- reads ---------------------------------------------------------------

    def summary(self, game_id: str, token: str | None) -> s.GameSummary:
        live, who = self._hosted(game_id, token)
        with live.lock:
            self.cache.refresh(live)
            agg, tl, game = live.aggregate, live.tl, live.engine
            outcome = game.outcome(tl.state)
            genesis = tl.record.genesis
            bots = agg.bot_seats()
            return s.GameSummary(
                game_id=game_id,
                game=agg.game,
                players=genesis.seats,
                options=dict(genesis.options),
                takeback=genesis.takeback,
                rules_version=genesis.rules_version,
                seats=[
                    s.SeatInfo(
                        seat=i,
                        claimed=bool(h),
                        name=shown_name(agg.seat_name(i)),
                        bot=bots.get(i),
                    )
                    for i, h in enumerate(agg.seat_hashes)
                ],
                seq=tl.seq,
                tip_hash=tl.tip_hash,
                to_move=tl.to_move(),
                over=outcome is not None or agg.abandoned_by() is not None,
                outcome=outcome,
                share_id=agg.share_id or None,
                you=s.You(role=who.role, seat=who.seat),  # type: ignore[arg-type]
            )

    def view(self, game_id: str, token: str | None, at: int | None = None) -> s.ViewResponse:
        """The caller's view now, or (`at`) after entry `at`: exactly what that seat
        saw then, so scrubbing a running game shows nothing it could not see."""
        live, who = self._hosted(game_id, token)
        seat = who.seat
        with live.lock:
            self.cache.refresh(live)
            agg, tl, game = live.aggregate, live.tl, live.engine
            if at is not None and not 0 <= at <= tl.seq:
                raise ApiError(
                    400, "bad-request", f"at={at} is not a seq of this game (0 to {tl.seq})"
                )
            seq = tl.seq if at is None else at
            state = tl.state_at(seq)
            outcome = game.outcome(state)
            to_move = game.to_move(state)
            abandoned = agg.abandoned_by() if at is None else None
            return s.ViewResponse(
                seq=seq,
                tip_hash=hash_at(live, seq),
                seat=seat,
                to_move=to_move,
                view=game.view(state, seat),
                legal_moves=tl.legal_moves(seat)
                if at is None and seat is not None and seat in to_move and abandoned is None
                else [],
                outcome=outcome,
                over=outcome is not None or abandoned is not None,
                names=[shown_name(agg.seat_name(i)) for i in range(tl.record.genesis.seats)],
                undo=None if at is not None or seat is None else self._undo_state(live, seat),
                takeback_ask=None if at is not None else self._shown_ask(live),
                claimed=[bool(h) or i in agg.bot_seats() for i, h in enumerate(agg.seat_hashes)],
                presence=[]
                if at is not None
                else self.presence.of(game_id, tl.record.genesis.seats),
                clock=self._clock_view(live) if at is None else None,
                abandoned=s.Abandoned(**abandoned) if abandoned else None,
            )

    def _clock_view(self, live: Live) -> s.ClockView | None:
        clock = live.aggregate.table_clock()
        if clock is None:
            return None
        return s.ClockView(
            move_seconds=clock["move_seconds"],
            on_timeout=clock["on_timeout"],
            deadline=deadline(live.aggregate, live.tl, live.over()),
        )

    def _undo_state(self, live: Live, seat: int) -> s.UndoState:
        """What `submit_takeback` would answer to this seat's undo now, and whether the
        other people whose moves it undoes could agree to it instead (`ask`)."""
        tl = live.tl
        bots = live.aggregate.bot_seats()
        refusal = tl.takeback_refusal(seat, bots=bots, people=people(live, seat))
        if refusal is None:
            return s.UndoState(allowed=True)
        state = s.UndoState(
            allowed=False, code=refusal.code, message=refusal.message, rule_id=refusal.rule_id
        )
        target = own_undo_target(live, seat)
        if (
            refusal.code == "takeback-others-move"
            and target is not None
            and tl.takeback_refusal(seat, target, bots=bots) is None
        ):
            state.ask = True
            state.needs = undone_people(live, seat, target)
        return state

    def _announce(self, live: Live, mover: int, waiting: list[int]) -> None:
        """Push to the people whose turn the change began (or everyone, at the end)."""
        if self.announcer is None:
            return
        self.announcer.entries(live, mover, waiting)

    # -- Web Push subscriptions ---------------------------------------------

    def subscribe_push(self, game_id: str, token: str | None, req: s.PushSubscribe) -> None:
        """Keep a device's subscription with the seat whose token sends it."""
        live, who = self._hosted(game_id, token)
        seat = seat_of(who, req.seat)
        if self.announcer is None:
            raise ApiError(503, "push-off", "this server sends no notifications")
        if not endpoint_allowed(req.endpoint, self.push_hosts):
            raise ApiError(
                422, "push-endpoint", "the subscription's endpoint is not a known push service"
            )

        def attempt() -> None:
            agg = live.aggregate
            mine = [e for e, sub in agg.push_subscriptions().items() if sub["seat"] == seat]
            if req.endpoint not in mine and len(mine) >= self.push_per_seat:
                raise ApiError(
                    409, "push-full", f"this seat has {len(mine)} devices subscribed already"
                )
            agg.subscribe_push(
                seat=seat,
                endpoint=req.endpoint,
                p256dh=req.keys.p256dh,
                auth=req.keys.auth,
                lang=req.lang,
                token_hash=token_hash(token or ""),
            )
            self.cache.save(live)

        self.cache.write(live, attempt)

    def unsubscribe_push(self, game_id: str, token: str | None, req: s.PushUnsubscribe) -> None:
        """Mute the table on a device: its subscription gets nothing more."""
        live, who = self._hosted(game_id, token)
        seat = seat_of(who, req.seat)

        def attempt() -> None:
            sub = live.aggregate.push_subscriptions().get(req.endpoint)
            if sub is not None and sub["seat"] == seat:
                live.aggregate.drop_push(endpoint=req.endpoint)
                self.cache.save(live)

        self.cache.write(live, attempt)

    def push_gone(self, game_id: str, endpoint: str) -> None:
        """The push service no longer knows the subscription (404/410): drop it."""
        live = self.cache.get(game_id)

        def attempt() -> None:
            if endpoint in live.aggregate.push_subscriptions():
                live.aggregate.drop_push(endpoint=endpoint)
                self.cache.save(live)

        self.cache.write(live, attempt)

    def _open_ask(self, live: Live) -> dict[str, Any] | None:
        """The take-back ask still waiting: none once it expired or the game moved on."""
        ask = live.aggregate.open_ask()
        if ask is None or ask["tip_hash"] != live.tl.tip_hash or now_ms() >= ask["expires_at"]:
            return None
        return ask

    def _shown_ask(self, live: Live) -> s.TakebackAsk | None:
        ask = self._open_ask(live)
        if ask is None:
            return None
        fields = ("ask_id", "seat", "to_seq", "needs", "agreed", "expires_at")
        return s.TakebackAsk(**{name: ask[name] for name in fields})

    def record_since(
        self, game_id: str, token: str | None, since: int, compact: bool = False
    ) -> s.RecordResponse | bytes:
        """The caller's redacted entries after `since`; with `compact`, the same as
        core.wire's compact pull (bytes)."""
        if since < 0:
            raise ApiError(400, "bad-request", "since must be 0 or more")
        live, who = self._hosted(game_id, token)
        with live.lock:
            self.cache.refresh(live)
            tl = live.tl
            part = redacted(live, who.seat, since)
            if compact:
                after = tl.record.entries[since - 1] if 0 < since <= tl.seq else None
                return encode_pull(
                    live.engine,
                    part,
                    since=since,
                    after=after,
                    seq=tl.seq,
                    tip=tl.tip_hash,
                    over=live.over(),
                )
            return s.RecordResponse(
                record_id=game_id,
                genesis=part.genesis,
                entries=part.entries,
                since=since,
                seq=tl.seq,
                tip_hash=tl.tip_hash,
                over=live.over(),
                rules_version=tl.record.genesis.rules_version,
            )

    # -- moves and take-backs ------------------------------------------------

    def submit_move(
        self, game_id: str, token: str | None, req: s.SubmitMove
    ) -> tuple[s.MoveAccepted, bool]:
        """(the response, whether a new entry was stored)."""
        live, who = self._hosted(game_id, token)
        seat = seat_of(who, req.seat)
        game = live.engine
        try:
            move = msgspec.convert(req.move, game.move_type)
        except msgspec.ValidationError as exc:
            raise ApiError(422, "bad-move", f"not a {game.info.id} move: {exc}") from None
        at = self._entry_time(live, req.at)

        def play(tl: Timeline[Any, Any, Any]) -> Any:
            return tl.play(seat, move, move_id=req.move_id, device_id=req.device_id, at=at)

        return self._enter(live, seat, req, play, refusal="Illegal move", token=token)

    def submit_takeback(
        self, game_id: str, token: str | None, req: s.SubmitTakeBack
    ) -> tuple[s.MoveAccepted, bool]:
        live, who = self._hosted(game_id, token)
        seat = seat_of(who, req.seat)
        at = self._entry_time(live, req.at)

        def take_back(tl: Timeline[Any, Any, Any]) -> Any:
            return tl.take_back(
                seat,
                req.to_seq,
                move_id=req.move_id,
                device_id=req.device_id,
                at=at,
                bots=live.aggregate.bot_seats(),  # an undo goes back past their replies
                people=people(live, seat),
            )

        return self._enter(live, seat, req, take_back, refusal="Take-back refused", token=token)

    def ask_takeback(self, game_id: str, token: str | None, req: s.AskTakeBack) -> s.TakebackAsk:
        """Ask the other people whose moves an undo takes back to agree to it. The
        table's policy still rules (strict, revealed draws, a friendly table's scope);
        only other people's moves wait for consent. The same move_id again answers the
        same ask."""
        live, who = self._hosted(game_id, token)
        seat = seat_of(who, req.seat)

        def attempt() -> s.TakebackAsk:
            tl, agg = live.tl, live.aggregate
            self._refuse_abandoned(live)
            ask = self._open_ask(live)
            if ask is not None:
                if ask["seat"] == seat and ask["move_id"] == req.move_id:
                    return self._shown_ask(live)  # type: ignore[return-value]
                raise ApiError(
                    409, "takeback-asked", "a take-back is already waiting for an answer"
                )
            bots = agg.bot_seats()
            to_seq = own_undo_target(live, seat) if req.to_seq is None else req.to_seq
            if to_seq is None:
                raise ApiError(
                    422,
                    "takeback-nothing",
                    "you have no move in effect to take back",
                    rule_id=f"table:takeback={tl.record.genesis.takeback}",
                )
            refusal = tl.takeback_refusal(seat, to_seq, bots=bots)
            if refusal is not None:
                raise ApiError(
                    422,
                    refusal.code,
                    refusal.message,
                    title="Take-back refused",
                    rule_id=refusal.rule_id,
                )
            needs = undone_people(live, seat, to_seq)
            if not needs:
                raise ApiError(
                    409,
                    "takeback-needs-no-consent",
                    "it takes back only your own moves: take them back (POST takebacks)",
                )
            agg.ask_takeback(
                ask_id=secrets.token_urlsafe(16),
                seat=seat,
                to_seq=to_seq,
                needs=needs,
                tip_hash=tl.tip_hash,
                expires_at=now_ms() + self.ask_ms,
                move_id=req.move_id,
                device_id=req.device_id,
            )
            self.cache.save(live)
            if self.announcer is not None:
                self.announcer.takeback(live, seat, needs)
            return self._shown_ask(live)  # type: ignore[return-value]

        return self.cache.write(live, attempt)

    def answer_takeback(
        self, game_id: str, token: str | None, ask_id: str, req: s.AnswerTakeBack
    ) -> tuple[s.TakebackAnswered, bool]:
        """A consent or a refusal from a seat whose moves the ask takes back; the last
        consent makes the take-back (the asker's entry). (the answer, whether an entry
        was stored)."""
        live, who = self._hosted(game_id, token)
        seat = seat_of(who, req.seat)

        def attempt() -> tuple[s.TakebackAnswered, bool]:
            tl, agg = live.tl, live.aggregate
            self._refuse_abandoned(live)
            ask = self._open_ask(live)
            if ask is None or ask["ask_id"] != ask_id:
                raise ApiError(
                    409,
                    "takeback-ask-gone",
                    "this take-back request has ended: answered, expired or overtaken by a move",
                )
            if seat not in ask["needs"]:
                raise ApiError(
                    403, "forbidden", "only the players whose moves it takes back answer it"
                )
            if seat in ask["agreed"]:
                return s.TakebackAnswered(ask=self._shown_ask(live)), False
            last = req.accept and set(ask["agreed"]) | {seat} >= set(ask["needs"])
            asker, to_seq = ask["seat"], ask["to_seq"]
            bots = agg.bot_seats()
            others = [p for p in people(live, asker) if p not in ask["needs"]]
            if last:  # checked before anything changes: a refusal leaves the table as it was
                refusal = tl.takeback_refusal(asker, to_seq, bots=bots, people=others)
                if refusal is not None:
                    raise ApiError(422, refusal.code, refusal.message, rule_id=refusal.rule_id)
            agg.answer_takeback(ask_id=ask_id, seat=seat, accept=req.accept)
            if not last:
                self.cache.save(live)
                return s.TakebackAnswered(ask=self._shown_ask(live)), False
            before = tl.seq
            entry = tl.take_back(
                asker,
                to_seq,
                move_id=ask["move_id"],
                device_id=ask["device_id"],
                at=now_ms(),
                bots=bots,
                people=others,
            )
            waiting = tl.to_move()
            self._bots_move(live)
            self.cache.append(live, tl.record.entries[before:])
            self.cache.save(live)
            self._announce(live, asker, waiting)
            return s.TakebackAnswered(
                ask=None, taken=self._accepted(live, seat, entry, False)
            ), True

        return self.cache.write(live, attempt)

    def _enter(
        self,
        live: Live,
        seat: int,
        req: s.SubmitMove | s.SubmitTakeBack,
        make: Callable[[Timeline[Any, Any, Any]], Any],
        *,
        refusal: str,
        token: str | None,
    ) -> tuple[s.MoveAccepted, bool]:
        """Make one entry with `make` (the kernel's play or take_back, which also
        returns the stored entry for a move_id it already holds) and save it with the
        bots' replies. A surprise (a stale expected_seq, a refusal) is checked once
        against the store before it is answered: another process may have moved."""

        move_id, expected_seq = req.move_id, req.expected_seq

        def attempt() -> tuple[s.MoveAccepted, bool]:
            # again on the state it writes to: another process may have revoked the
            # token (a player's device removed, players.py) since this one read it
            authorize(live.aggregate, token)
            self._refuse_abandoned(live)
            for checked in (False, True):
                tl = live.tl
                before = tl.seq
                waiting = tl.to_move()
                try:
                    new = tl.entry_by_move_id(seat, move_id) is None
                    if new and expected_seq not in (None, before):
                        raise self._conflict(live, seat, expected_seq)
                    if new:
                        self.quotas.check_length(before + 1)
                    entry = make(tl)
                except (IllegalMove, ApiError) as exc:
                    if not checked:
                        self.cache.refresh(live)
                        if live.tl is not tl or live.tl.seq != before:
                            continue
                    if isinstance(exc, ApiError):
                        raise
                    if exc.code == "move-id-reused":
                        raise ApiError(422, exc.code, exc.message) from None
                    raise ApiError(
                        422, exc.code, exc.message, title=refusal, rule_id=exc.rule_id
                    ) from None
                if tl.seq == before:  # the kernel returned the entry it holds
                    return self._accepted(live, seat, entry, True), False
                self._bots_move(live)
                self.cache.append(live, tl.record.entries[before:])
                self.cache.save(live)
                self._announce(live, seat, waiting)
                return self._accepted(live, seat, entry, False), True
            raise AssertionError("unreachable")  # pragma: no cover

        return self.cache.write(live, attempt, fresh=False)

    def _bots_move(self, live: Live) -> None:
        try:
            play_bot_seats(live.engine, live.tl, live.aggregate, self.max_entries)
        except BaseException:  # a bot's bug: drop what the cache holds unsaved
            self.cache.discard(live)
            raise

    def _conflict(self, live: Live, seat: int, expected: int) -> ApiError:
        tl = live.tl
        return ApiError(
            409,
            "seq-conflict",
            f"the game is at seq {tl.seq}, not {expected}: fetch what changed and retry",
            seq=tl.seq,
            tip_hash=tl.tip_hash,
            entries=redacted(live, seat, min(expected, tl.seq)).entries,
        )

    def _accepted(self, live: Live, seat: int, entry: Any, duplicate: bool) -> s.MoveAccepted:
        tl, game = live.tl, live.engine
        outcome = game.outcome(tl.state)
        return s.MoveAccepted(
            entry=entry if outcome is not None else redact_entry(game, entry, seat),
            seq=tl.seq,
            tip_hash=tl.tip_hash,
            view=game.view(tl.state, seat),
            outcome=outcome,
            duplicate=duplicate,
        )

    # -- the table's clock (clock.py) -------------------------------------------

    def _entry_time(self, live: Live, at: int) -> int:
        """An entry's time: the client's, except on a clocked table, whose deadlines
        count from it: there the server's."""
        return now_ms() if live.aggregate.table_clock() else at or now_ms()

    def _refuse_abandoned(self, live: Live) -> None:
        abandoned = live.aggregate.abandoned_by()
        if abandoned is not None:
            raise ApiError(
                409,
                "game-over",
                f"the game has ended: seat {abandoned['seat']} ran out of time",
            )

    def clock_tick(self, game_id: str, now: int) -> ClockAct:
        """Look at a clocked table at `now` (ms): remind the seats to move, or make
        what the table chose happen once their time ran out. Unlists a table that is
        over (or unknown) from the clock's index."""
        try:
            live = self.cache.get(game_id)
        except ApiError as exc:
            if exc.status != 404:
                raise
            self.clocked.remove(game_id)
            return ClockAct(None)

        def attempt() -> ClockAct:
            agg, tl = live.aggregate, live.tl
            clock = agg.table_clock()
            if clock is None or live.over() or agg.abandoned_by() is not None:
                return ClockAct(None)
            due = deadline(agg, tl, False)
            if due is None:  # only bots to move: cannot stay so
                return ClockAct(now + 60_000)
            bots = agg.bot_seats()
            seats = [seat for seat in tl.to_move() if seat not in bots]
            if now < due:
                remind = remind_at(clock, due)
                if remind is None or now < remind:
                    return ClockAct(remind or due)
                fresh = [seat for seat in seats if seat not in agg.reminded_seats(tl.seq)]
                if fresh:
                    for seat in fresh:
                        agg.remind(seat=seat, seq=tl.seq)
                    self.cache.save(live)
                    if self.announcer is not None:
                        self.announcer.reminder(live, fresh, due - now)
                return ClockAct(due)
            if clock["on_timeout"] == "abandon":
                agg.abandon(seat=seats[0], at=now)
                self.cache.save(live)
                if self.announcer is not None:
                    self.announcer.abandoned(live, seats[0])
                return ClockAct(None, table=True)
            before, waiting, turn = tl.seq, tl.to_move(), live.engine.turn(tl.state)
            try:
                for seat in seats:  # each in the turn whose time ran out, not the next
                    self._play_for(live, seat, clock["on_timeout"], now, turn)
                play_bot_seats(live.engine, tl, agg, self.max_entries)
            except BaseException:  # a bot's bug: drop what the cache holds unsaved
                self.cache.discard(live)
                raise
            self.cache.append(live, tl.record.entries[before:])
            self.cache.save(live)
            self._announce(live, seats[0], waiting)
            after = deadline(agg, tl, live.over())
            remind = None if after is None else remind_at(clock, after)
            return ClockAct(None if live.over() else remind or after, seq=tl.seq, table=True)

        act = self.cache.write(live, attempt)
        if act.next is None:
            self.clocked.remove(game_id)
        return act

    def _play_for(self, live: Live, seat: int, on_timeout: str, now: int, turn: int) -> None:
        """The seat's whole turn, played for it: its passes where the table skips and
        the rules allow one, else the title's easy bot's moves; each an entry by the
        seat, device "clock"."""
        game, tl = live.engine, live.tl
        bot = clock_bot(game)
        rng = Rng.seeded(secrets.randbits(64))
        for _ in range(BOT_MOVES_MAX):
            if seat not in tl.to_move() or game.turn(tl.state) != turn:
                return
            if tl.seq >= self.max_entries:
                return
            passes = (
                [move for move in tl.legal_moves(seat) if move_kind(move) == PASS]
                if on_timeout == "skip"
                else []
            )
            move = passes[0] if passes else bot(game, tl.state, seat, rng)
            tl.play(seat, move, move_id=f"clock-{tl.seq + 1}", device_id=CLOCK_DEVICE, at=now)
