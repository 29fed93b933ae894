"""What a new-game form reads from each title's option schema: when an option applies
(player counts, another option's value), the int values it offers in words, and a set
of places drawn as a board (issue 38 item 4). Left out, an option takes its default,
which every table of the title accepts."""

from __future__ import annotations

import pytest

from core import games
from core.kernel import GameInfo


def _infos() -> list[GameInfo]:
    return games.catalogue()


@pytest.mark.parametrize("info", _infos(), ids=lambda i: i.id)
def test_applies_when_names_real_choices(info: GameInfo) -> None:
    by_name = {o.name: o for o in info.options}
    for option in info.options:
        for other, values in option.when.items():
            assert other in by_name and by_name[other].kind == "choice", option.name
            assert set(values) <= set(by_name[other].choices), option.name
        assert all(info.min_players <= n <= info.max_players for n in option.players)
        if option.offered:
            assert option.kind == "int"
            assert all(option.check(v) == v for v in option.offered)
        if option.rows:
            assert option.kind == "int" and len(option.row_offsets) == len(option.rows)
            assert option.maximum == (1 << sum(option.rows)) - 1


@pytest.mark.parametrize("info", _infos(), ids=lambda i: i.id)
def test_options_that_apply_set_up_every_table(info: GameInfo) -> None:
    """The form sends only the options that apply (at their defaults here); the rest
    are left out and take theirs: every player count sets up."""
    game = games.get(info.id)
    for seats in range(info.min_players, info.max_players + 1):
        options = {
            o.name: o.default
            for o in info.options
            if (not o.players or seats in o.players) and not o.when
        }
        game.setup(seats, 1, options)


def test_solo_only_options_apply_to_one_player() -> None:
    solo_only = {(i.id, o.name) for i in _infos() for o in i.options if o.players == [1]}
    assert {
        ("valley-of-the-torii", "difficulty"),
        ("whispering-woods", "level"),
        ("rewild-south-america", "challenge"),
    } <= solo_only


def test_a_start_player_is_chosen_only_among_several() -> None:
    alone = {
        (i.id, o.name) for i in _infos() for o in i.options if o.players and 1 not in o.players
    }
    assert {("valley-of-the-torii", "start_player"), ("whispering-woods", "start_player")} <= alone
