"""The search's tree grows in the greedy policy's order (`search.RANKED`).

With room for only a few root children, the Octopus's search should compare the steps a
sensible player would weigh, not a random pick of the rest: its first child is the greedy
step and the next ones follow `greedy_octopus.rank`. The position leaves the Octopus no
draw (a full hand), so every world it could be in ranks its steps alike.
"""

from __future__ import annotations

import random

import pytest

import rules
from rules.ai import greedy_octopus, search
from rules.ai.world import options, world
from rules.data import ZONE_INDEX, board
from rules.state import Game
from tests.rules.positions import octopus_turn, set_board, started

BLOCKS = {"A1": "shell", "B1": "shell", "C1": "shell", "A2": "stinger",
          "B2": "shell", "C2": "shell", "A3": "octopus", "B3": "shell", "C3": "shell"}
SEEDS = range(8)


def _second_action() -> Game:
    """The Octopus's second action, a full hand, the Octopus hidden far from the Shark."""
    g = started(seed=3, den=16)
    set_board(g, BLOCKS, revealed=["B2"])
    octopus_turn(g, hand=["jet", "stir_the_sand", "whirlpool", "curiosity"], actions=1)
    return g


@pytest.mark.parametrize("ranked", [True, False])
def test_with_room_for_two_children_the_search_weighs_greedys_two_best_steps(
        ranked: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if not ranked:
        monkeypatch.setattr(search, "RANKED", {})
    g = _second_action()
    opts = options(g, "octopus")
    assert len(opts) > 6 and all(a.verb != "draw" for a in opts)
    ranks = {a.text for s in range(3)
             for a in greedy_octopus.rank(world(g, "octopus", s), opts)[:2]}
    assert len(ranks) == 2  # every world ranks the steps alike
    # 4 iterations: the greedy child, then one more once the root has been visited once
    tried = [search.grow(g, "octopus", random.Random(s), iterations=4)[0].order for s in SEEDS]
    assert all(len(t) == 2 for t in tried), tried
    assert all(set(t) == ranks for t in tried) is ranked, (tried, ranks)


def _found_but_hidden() -> Game:
    """The Octopus's second action: it hid itself with its first, but the Shark saw where
    (its knowledge of A3 is certain), the Shark is next to A3, and Stir the Sand (O-6,
    shuffle up to 3 hidden blocks, cost 1) is in hand. Every block is hidden, so any of
    eight others could pay for the card."""
    g = started(seed=3, den=16)
    set_board(g, BLOCKS)
    b = board(g.board_side)
    a3 = ZONE_INDEX["A3"]
    g.shark_at = next(s for s in b.space_ids if a3 in b.borders[s] and s not in g.dice_on)
    g.know_shark[a3] = ("octopus",)
    octopus_turn(g, hand=["stir_the_sand", "jet_2", "curiosity"], actions=1)
    return g


@pytest.mark.parametrize("shuffle_self", [True, False])
def test_o6_a_found_octopus_pays_without_revealing_itself_and_shuffles_itself_away(
        shuffle_self: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Paying for a card reveals its blocks (O-3); the greedy payment reveals an Octopus
    the Shark already knows of (that gives nothing away), after which a shuffle can't
    take it along. The search pays with another block and shuffles itself among hidden
    blocks, so the Shark no longer knows its zone; without `SHUFFLE_SELF` it can't."""
    monkeypatch.setattr(search, "SHUFFLE_SELF", shuffle_self)
    escaped = 0
    for seed in range(3):
        g = _found_but_hidden()
        rng = random.Random(seed)
        while g.turn == "octopus" and g.phase != "over":
            rules.apply(g, "octopus", search.search(g, "octopus", rng, iterations=60))
        zo = g.zones.index("octopus")
        escaped += g.hidden[zo] and len(g.know_shark[zo]) > 1
    assert (escaped == 3) is shuffle_self, escaped


def test_overrides_count_the_decisions_where_the_tree_left_the_greedy_step(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`SearchStats.overrides` (printed by `balance` and `think`) says how often the tree
    played another step than its greedy first child. The anchor acts only once the search
    is over (the tree and the rng draws are the same whatever its margin), so a margin no
    step can clear returns the greedy step every time, and under margin 0 the count is the
    number of decisions whose step differs from that one."""
    from rules.ai.bench import positions

    where = positions(2, 1, "day", 8)["shark"]
    monkeypatch.setitem(search.ANCHOR, "shark", 10.0)
    never = search.SearchStats()
    greedy = [search.search(g, "shark", random.Random(k), iterations=150, stats=never)
              for k, g in enumerate(where)]
    assert never.decisions == len(where) == 8 and never.overrides == 0
    monkeypatch.setitem(search.ANCHOR, "shark", 0.0)
    free = search.SearchStats()
    steps = [search.search(g, "shark", random.Random(k), iterations=150, stats=free)
             for k, g in enumerate(where)]
    assert free.overrides == sum(a != b for a, b in zip(steps, greedy, strict=True)) > 0


def _depth(node: search.Node) -> int:
    return 1 + max((_depth(c) for c in node.children.values()), default=0)


@pytest.mark.parametrize("expand", [True, False])
def test_expand_turn_grows_a_node_for_each_of_the_seats_steps_an_iteration_takes(
        expand: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Below the tree the greedy policy finishes the turn; with `EXPAND_TURN` each of those
    steps of the Octopus's own turn becomes a node at once, so the next iterations can
    widen there. One iteration in: one node below the root without it, the whole turn's
    path with it."""
    monkeypatch.setattr(search, "EXPAND_TURN", {"octopus"} if expand else set())
    depths = {_depth(search.grow(_second_action(), "octopus", random.Random(s),
                                 iterations=1)[0]) for s in SEEDS}
    assert (depths == {2}) is not expand, depths
    assert all(d >= 2 for d in depths)
