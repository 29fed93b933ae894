"""Properties over random play of the fixture game (hypothesis + seeded bots).

Random games with random take-backs mixed in: replay of the stored events,
verification by re-deciding, and state_at of every seq all agree; the
conformance harness shared with the real games holds for the fixture too.
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from core.kernel import Rng, Timeline, digest, new_record, verify

from ..games.conformance import random_playouts
from .fixture_game import GAME
from .test_conformance import HIGH_CARD

ROOT = Path(__file__).resolve().parents[2]


def hidden_hand_check(state, seat, view) -> None:  # type: ignore[no-untyped-def]
    """A view shows its own hand only; nobody sees the deck order or the RNG."""
    encoded = repr(view)
    assert "rng" not in encoded and "deck=" not in encoded
    assert view.hand == (None if seat is None else sorted(state.hands[seat]))


def conserved_and_hands_hidden(state) -> None:  # type: ignore[no-untyped-def]
    """High Card's invariant, and on every state every view passes `hidden_hand_check`."""
    assert HIGH_CARD.invariant is not None
    HIGH_CARD.invariant(state)
    for seat in [None, *range(len(state.hands))]:
        hidden_hand_check(state, seat, GAME.view(state, seat))


SPEC = replace(
    HIGH_CARD, seats=(1, 2, 4), options=({},), invariant=conserved_and_hands_hidden, games=25
)


def test_fixture_game_keeps_the_decider_contract() -> None:
    assert [str(mode) for mode in SPEC.modes] == ["1p", "2p", "4p"]
    for mode in SPEC.modes:
        assert len(random_playouts(SPEC, mode)) == 25


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    seats=st.integers(1, 4),
    policy=st.sampled_from(["casual", "friendly"]),
    choices=st.lists(st.integers(0, 1000), min_size=1, max_size=80),
)
def test_random_play_with_take_backs_replays_verifies_and_scrubs(
    seed: int, seats: int, policy: str, choices: list[int]
) -> None:
    record = new_record(GAME, record_id="h", seats=seats, seed=seed, takeback=policy)  # type: ignore[arg-type]
    timeline = Timeline(GAME, record, snapshot_every=5)
    for n, choice in enumerate(choices):
        movers = timeline.to_move()
        if not movers:
            break
        seat = movers[0]
        target = timeline.undo_target()
        if (
            choice % 7 == 0
            and target is not None
            and timeline.takeback_refusal(seat, target) is None
        ):
            timeline.take_back(seat, target, move_id=f"u{n}")
            continue
        moves = timeline.legal_moves(seat)
        timeline.play(seat, moves[choice % len(moves)], move_id=f"m{n}")
    assert verify(GAME, timeline.record) is None
    replayed = Timeline(GAME, timeline.record, snapshot_every=3)
    assert digest(replayed.state) == digest(timeline.state)
    for entry in timeline.record.entries:
        assert digest(replayed.state_at(entry.seq)) == digest(timeline.state_at(entry.seq))
        if entry.state_hash:
            assert replayed.state_commitment(entry.seq) == entry.state_hash


def test_bot_seeds_never_touch_the_game_rng() -> None:
    """Two different bot generators see the same deal."""
    a = GAME.initial(GAME.setup(2, 5, {}))
    rng_one, rng_two = Rng.seeded(1), Rng.seeded(2)
    rng_one.next_u32()
    assert digest(a) == digest(GAME.initial(GAME.setup(2, 5, {})))
    assert rng_one.state != rng_two.state


def test_same_record_same_hashes_across_processes_and_hash_seeds(tmp_path: Path) -> None:
    """Determinism does not depend on PYTHONHASHSEED (no set or str-hash order)."""
    script = (
        "from core.kernel import Rng, Timeline, new_record, play_bots, random_bot\n"
        "from tests.kernel.fixture_game import GAME\n"
        "t = Timeline(GAME, new_record(GAME, record_id='p', seats=4, seed=99))\n"
        "play_bots(t, dict.fromkeys(range(4), random_bot), Rng.seeded(3))\n"
        "print(t.tip_hash, t.record.entries[-1].state_hash)\n"
    )
    outputs = set()
    for hash_seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
        result = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        )
        outputs.add(result.stdout)
    assert len(outputs) == 1
    assert len(next(iter(outputs)).split()) == 2
