"""The Decider contract's shared parts: option checking, setup, the registry."""

from __future__ import annotations

import pytest

from core import games
from core.kernel import OptionSpec, SetupError, UnknownGame

from .fixture_game import GAME


def test_setup_fills_defaults_and_keeps_given_options() -> None:
    setup = GAME.setup(2, 5, {"deck_size": 20})
    assert setup.options == {"deck_size": 20, "hand_size": 2}
    assert (setup.game, setup.seats, setup.seed) == ("high-card", 2, 5)


@pytest.mark.parametrize(
    ("seats", "options", "message"),
    [
        (5, {}, "1-4 players, not 5"),
        (2, {"colour": "red"}, "no option 'colour'"),
        (2, {"deck_size": 2}, "integer in 4..2000"),
        (2, {"deck_size": True}, "integer in 4..2000"),
        (2, {"deck_size": "12"}, "integer in 4..2000"),
        (4, {"deck_size": 4, "hand_size": 3}, "12 cards are dealt"),  # check_setup
    ],
)
def test_setup_refuses_bad_seats_and_options(seats: int, options: dict, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        GAME.setup(seats, 1, options)


def test_seed_must_fit_128_bits() -> None:
    assert GAME.setup(2, (1 << 128) - 1, {}).seed == (1 << 128) - 1
    with pytest.raises(SetupError, match="seed"):
        GAME.setup(2, 1 << 128, {})


def test_bool_and_choice_options() -> None:
    flag = OptionSpec(name="f", kind="bool", default=False, label_en="F", label_ja="F")
    pick = OptionSpec(
        name="p", kind="choice", default="a", choices=["a", "b"], label_en="P", label_ja="P"
    )
    assert flag.check(True) is True
    assert pick.check("b") == "b"
    with pytest.raises(SetupError, match="true or false"):
        flag.check(1)
    with pytest.raises(SetupError, match=r"a \| b"):
        pick.check("c")


def test_registry_lists_and_gets_games() -> None:
    assert "high-card" in games.ids()
    assert games.get("high-card") is GAME
    assert any(info.id == "high-card" for info in games.catalogue())
    with pytest.raises(UnknownGame, match="unknown game 'chess'"):
        games.get("chess")
