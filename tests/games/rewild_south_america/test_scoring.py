"""End-game effects and the winner."""

from __future__ import annotations

from core.games.rewild_south_america import GAME
from core.games.rewild_south_america.scoring import RewildOutcome
from core.games.rewild_south_america.state import State

from .helpers import fresh, give, ready, tile


def final(state: State) -> RewildOutcome:
    state = ready(state, "over")
    result = GAME.outcome(state)
    assert isinstance(result, RewildOutcome)
    return result


def points(result: RewildOutcome, seat: int = 0) -> dict[str, int]:
    return {p.card: p.vp for p in result.end_points if p.seat == seat}


def test_rw_ex10_bruno_final_scoring() -> None:
    """RW-EX10, RW-158, RW-129, RW-130, RW-133, RW-134, RW-140, RW-114, RW-159: 62 VP."""
    state = fresh()
    tile(state, 0, "W", [(0, 0), (0, 1)])
    tile(state, 0, "W", [(2, 0), (2, 1)])
    tile(state, 0, "R", [(4, 4)], tree=True)
    player = state.players[0]
    for card in ("G2", "R2"):
        player.hand.remove(card)
        player.played.append(f"{card}:bottom")
    for card, biome in (
        ("W28", "G"), ("W27", "S"), ("W33", "R"), ("W02", "G"), ("W03", "G"),
        ("W01", "R"), ("W10", "S"), ("W12", "R"), ("W19", "R"), ("L01", "G"),
    ):  # fmt: skip
        give(state, 0, card, biome)
    agouti = give(state, 0, "W11", "G")
    give(state, 0, "P01", "G", on=agouti)
    player.stock = [4, 0, 0]
    result = final(state)
    assert points(result) == {
        "W28": 10, "W27": 12, "W33": 10, "W02": 10, "W03": 12, "W01": 8,
    }  # fmt: skip
    assert result.scores[0] == 62


def test_rw_ex17_peccary_counts_itself() -> None:
    """RW-EX17, RW-131."""
    state = fresh()
    give(state, 0, "W28", "G")
    assert points(final(state)) == {"W28": 5}


def test_rw_ex19_plant_and_wildlife_per_type() -> None:
    """RW-EX19, RW-151: Heliconia 2 predators x 2, the peccary 2 large herbivores x 5."""
    state = fresh()
    for card, biome in (("L19", "R"), ("P01", "G"), ("W33", "R"), ("P03", "R"), ("W28", "G")):
        give(state, 0, card, biome)
    give(state, 0, "W27", "S")
    assert points(final(state)) == {"L19": 4, "W28": 10, "W33": 0, "W27": 0}


def test_rw_114_predated_card_loses_its_end_effect() -> None:
    """RW-114, RW-115, RW-138: the covered peccary scores nothing and is not counted;
    the king vulture counts it as a predated herbivore."""
    state = fresh()
    peccary = give(state, 0, "W28", "G")
    give(state, 0, "P03", "G", on=peccary)
    give(state, 0, "W43", "G")  # black caiman: 3 per large herbivore
    give(state, 0, "W35", "G")  # king vulture: 3 per predated herbivore
    assert points(final(state)) == {"W43": 0, "W35": 3}


def test_rw_143_rw_144_canopy_and_wetland_markers() -> None:
    """RW-143, RW-144: canopy meeples; markers (and meeples) on wetland hexes."""
    state = fresh()
    tile(state, 0, "R", [(4, 4)], tree=True)
    howler = give(state, 0, "W24", "R")
    state.players[0].tiles[0].canopy = howler
    give(state, 0, "W13", "R")
    tile(state, 0, "W", [(0, 0), (0, 1)])
    give(state, 0, "W21", "G", [(0, 0), (0, 1)])
    result = final(state)
    assert points(result)["W13"] == 3 and points(result)["W21"] == 4


def test_rw_ex32_tie_breaks() -> None:
    """RW-EX32, RW-160, RW-161, RW-162, RW-163."""
    state = fresh(3)
    for seat, score in enumerate((84, 84, 80)):
        state.players[seat].score = score
        state.players[seat].completed = [True, True, False]
    for c in range(3):
        tile(state, 0, "R", [(c, 0)], tree=c == 0)
    for c in range(2):
        tile(state, 1, "R", [(c, 0)], tree=c == 0)
    result = final(state)
    assert result.winners == [0] and result.ranks == [1, 2, 3]
    state.players[1].tiles[1].tree = True
    result = final(state)
    assert result.winners == [0, 1] and result.ranks == [1, 1, 3]
