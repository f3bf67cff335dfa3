"""The computer players' memo tables (`rules.ai.memo`) never change a choice.

The swims, reaches and the greedy Shark's plan values are remembered across decisions,
keyed by what they read. A key that misses something (a Current die, the Energy, a card
on display) would make a choice depend on what the player thought about earlier. So
every decision of a few greedy games is taken twice — with the tables warm from
searches over many drawn worlds, and with them empty — and the two must agree; every
few decisions the search (on a small iteration budget) is checked the same way.
"""

from __future__ import annotations

import random

import pytest

import rules
from rules.actions import Action
from rules.ai import choose, memo
from rules.ai.bench import positions
from rules.ai.search import search, thinks
from rules.ai.world import options
from rules.engine import apply, deciders
from rules.state import Game

GAMES = 1  # greedy games a board
SEARCH_EVERY = 6  # check the search at every 6th decision where it builds a tree


def _warm(board: str) -> None:
    """Fill the tables the way play does: searches of both seats over many worlds."""
    for seat, games in positions(2, 700, board, 4).items():
        for k, g in enumerate(games):
            search(g, seat, random.Random(k), iterations=60)


def _agree(g: Game, seat: str, seed: int, level: str, iterations: int | None) -> Action:
    warm = choose(g, seat, random.Random(seed), level=level, iterations=iterations)
    with memo.cold():
        cold = choose(g, seat, random.Random(seed), level=level, iterations=iterations)
    assert warm == cold, (f"{level} {seat} at round {g.round}, step {g.step} "
                          f"({rules.pending(g)['kind']}): {warm.text} warm, {cold.text} cold")
    return warm


@pytest.mark.parametrize("board", ["day", "night"])
def test_warm_and_cold_memo_tables_choose_alike(board: str) -> None:
    _warm(board)
    decisions = searched = 0
    for i in range(GAMES):
        g = rules.new_game(950 + i, board=board)
        thought = 0
        while g.phase != "over":
            for seat in deciders(g):
                if g.phase == "over":
                    break
                seed = g.version * 31 + len(seat)
                a = _agree(g, seat, seed, "greedy", None)
                decisions += 1
                if thinks(g, seat):
                    thought += 1
                    if thought % SEARCH_EVERY == 0:
                        _agree(g, seat, seed, "search", 30)
                        searched += 1
                apply(g, seat, a)
    # the check looked at whole games, both seats, and the search too
    assert decisions > 60 and searched >= 4


# What the greedy Shark's remembered plan values read besides its belief, one field at a
# time: a variant of a position that differs in just one of them must be judged afresh.
FIELDS = ("energy", "display", "supply_dice", "hunger", "bag", "dice_on", "pool", "kept")


def _shark_positions(board: str) -> list[Game]:
    """Shark decisions of greedy games at the roll, where the planner weighs everything."""
    out = []
    for i in range(3):
        g = rules.new_game(970 + i, board=board)
        while g.phase != "over":
            for seat in deciders(g):
                if g.phase == "over":
                    break
                if seat == "shark" and g.step == "roll" and len(options(g, "shark")) > 1:
                    out.append(g.clone())
                apply(g, seat, choose(g, seat, random.Random(g.version), level="greedy"))
    return out


@pytest.mark.parametrize("board", ["day", "night"])
def test_a_position_differing_in_one_field_is_judged_afresh(board: str) -> None:
    found = _shark_positions(board)
    varied = 0
    for g, h in zip(found, found[1:] + found[:1], strict=True):
        for f in FIELDS:
            v = g.clone()
            setattr(v, f, getattr(h.clone(), f))
            try:
                opts = options(v, "shark")
            except Exception:  # a variant the engine can't make sense of: skip it
                continue
            if len(opts) < 2:
                continue
            choose(g, "shark", random.Random(1), level="greedy")  # g's answers in the tables
            _agree(v, "shark", 1, "greedy", None)
            varied += 1
    assert varied > 100
