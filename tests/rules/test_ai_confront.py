"""Confrontation colours of the computer players (X-1, X-2, D-5): an equilibrium that
prices in the red escape's extra Hunger die, so neither side can be exploited."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.ai import confront
from rules.engine import new_game
from rules.state import Game


def position(pairs: list[str], hunger: int) -> Game:
    g = new_game(7)
    g.conf = {"octopus": list(pairs), "shark": list(pairs)}
    g.hunger = ["1B"] * hunger
    return g


def shark_payoff(g: Game, s: str, o: str) -> float:
    """The model's payoff for the Shark: a match wins; an escape is worth less after Fight."""
    if s == o:
        return 1.0
    track = 7
    h = len(g.hunger)
    if h + 1 >= track:
        return 0.0
    f = confront.ESCAPED if h + 2 >= track else confront.EXTRA_DIE
    return confront.ESCAPED - (f if o == "red" else 0.0)


ALL = ["red", "yellow", "turquoise"]


@pytest.mark.parametrize("hunger", [0, 3, 5])
def test_x1_mixes_are_an_equilibrium(hunger: int) -> None:
    """Against each side's mix, every reply of the other side pays the same: no exploit."""
    g = position(ALL, hunger)
    ws, wo = confront.weights(g, "shark"), confront.weights(g, "octopus")
    assert sum(ws.values()) == pytest.approx(1.0)
    assert sum(wo.values()) == pytest.approx(1.0)
    vs_octopus = [sum(ws[s] * shark_payoff(g, s, o) for s in ALL) for o in ALL]
    vs_shark = [sum(wo[o] * shark_payoff(g, s, o) for o in ALL) for s in ALL]
    assert max(vs_octopus) - min(vs_octopus) < 1e-9
    assert max(vs_shark) - min(vs_shark) < 1e-9
    # And the mix guarantees the Shark more than a uniform choice would against a best reply.
    uniform = min(sum(shark_payoff(g, s, o) for s in ALL) / 3 for o in ALL)
    assert min(vs_octopus) > uniform


def test_d5_shark_leans_to_red_octopus_away_from_it() -> None:
    g = position(ALL, 0)
    assert confront.weights(g, "shark")["red"] > 1 / 3
    assert confront.weights(g, "octopus")["red"] < 1 / 3
    # A Fight that would put the seventh die on the track makes red matter more.
    late = position(ALL, 5)
    assert confront.weights(late, "shark")["red"] > confront.weights(g, "shark")["red"]


@pytest.mark.parametrize(("pairs", "hunger"), [
    (["yellow", "turquoise"], 0),   # red's pair trashed: no Fight left, a fair coin
    (["red"], 2),                   # one pair: the Strike simply wins
    (ALL, 6),                       # the escape's own die loses: only a match counts
])
def test_uniform_when_fight_changes_nothing(pairs: list[str], hunger: int) -> None:
    g = position(pairs, hunger)
    for seat in ("shark", "octopus"):
        assert confront.weights(g, seat) == pytest.approx({c: 1 / len(pairs) for c in pairs})


def test_choose_draws_from_the_mix() -> None:
    from rules.actions import Action

    g = position(ALL, 0)
    opts = [Action("colour", (c,)) for c in g.conf["shark"]]
    rng = random.Random(3)
    seen = Counter(confront.choose(g, "shark", opts, rng).args[0] for _ in range(6000))
    for c, w in confront.weights(g, "shark").items():
        assert seen[c] / 6000 == pytest.approx(w, abs=0.03)
