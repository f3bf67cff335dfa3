"""Properties over many random complete games (kelp-spec.md G-1, B-1, C-1…C-4)."""

from __future__ import annotations

import pytest

import rules
from rules.data import data
from tests.rules.games import GAMES, check_conservation, check_fits_discord_selects, random_game


@pytest.mark.parametrize("board", ["day", "night"])
def test_g1_every_game_ends_and_components_are_conserved_at_every_step(board: str) -> None:
    """35 dice, 18 blocks, every card, 9 full zones, one thing per space — after every step."""
    ended = 0
    for seed in range(GAMES // 2):
        g = random_game(seed, board=board, each=check_conservation, cancel_rate=0.02)
        assert g.winner in ("octopus", "shark") and g.win_reason
        ended += 1
    assert ended == GAMES // 2


def test_records_replay_and_dumps_load_to_equal_games() -> None:
    for seed in range(GAMES // 4):
        g = random_game(1000 + seed, cancel_rate=0.05)
        assert rules.replay(rules.record(g)) == g
        assert rules.load(rules.dump(g)) == g


def test_every_step_fits_one_discord_select() -> None:
    """A step picks one of at most 25 options, or a set drawn from at most 25 items."""
    for seed in range(GAMES // 8):
        random_game(2000 + seed, each=check_fits_discord_selects)


def test_win_conditions_all_occur_in_random_play() -> None:
    """Every base win condition is reachable from real play, not only from set-ups."""
    reasons = set()
    for seed in range(GAMES):
        reasons.add(random_game(3000 + seed).win_reason)
        if {"hunger", "no_strike", "confrontation"} <= reasons:
            break
    assert {"hunger", "no_strike", "confrontation"} <= reasons


def test_data_component_counts_match_the_component_list() -> None:
    """D-1/D-2: 21 Octopus action cards and 20 Shark cards (the Russian component list)."""
    d = data()
    assert len(d.octo_cards) == 21
    assert len(d.shark_cards) == 20
