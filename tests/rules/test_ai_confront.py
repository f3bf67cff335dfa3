"""Confrontation colours of the computer players (X-1, X-2, D-5): the matching game's
equilibrium with each escape priced by what followed it in real games, so neither side
can be exploited."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.actions import Action
from rules.ai import confront, fit, greedy_shark
from rules.engine import new_game
from rules.state import Game

ALL = ["red", "yellow", "turquoise"]


def position(pairs: list[str], hunger: int) -> Game:
    g = new_game(7)
    g.conf = {"octopus": list(pairs), "shark": list(pairs)}
    g.hunger = ["1B"] * hunger
    return g


def octopus_payoff(v: dict[str, float], o: str, s: str) -> float:
    """X-2: a match wins for the Shark; otherwise the Octopus escapes with its colour."""
    return 0.0 if o == s else v[o]


def test_d5_escapes_read_from_the_card_data() -> None:
    """Fight adds a Hunger die; Flinch hides among one adjacent block; Flight among up to
    two anywhere."""
    assert confront.escape_kind("red") == (1, 0, 0)
    assert confront.escape_kind("yellow") == (0, 1, 0)
    assert confront.escape_kind("turquoise") == (0, 0, 2)
    assert confront.fight_colours() == frozenset({"red"})


def test_d5_flight_is_the_octopus_best_escape() -> None:
    """Measured: after a first Flight the Octopus won far more often than after a Flinch
    or a Fight (docs/balance.md, session 16); the fitted model says so too."""
    v = confront.escape_values(position(ALL, 0))
    assert v["turquoise"] > v["red"] + 0.05
    assert v["turquoise"] > v["yellow"] + 0.05
    assert all(0.0 < x < 1.0 for x in v.values())


@pytest.mark.parametrize("hunger", [0, 3, 5])
def test_x1_mixes_are_an_equilibrium(hunger: int) -> None:
    """Against each side's mix, every reply of the other side pays the game's value: no
    exploit, not even "always Flight"."""
    g = position(ALL, hunger)
    v = confront.escape_values(g)
    wo, ws = confront.weights(g, "octopus"), confront.weights(g, "shark")
    assert sum(wo.values()) == pytest.approx(1.0)
    assert sum(ws.values()) == pytest.approx(1.0)
    value = confront.octopus_chance(g)
    vs_shark = [sum(ws[s] * octopus_payoff(v, o, s) for s in ALL) for o in ALL]
    vs_octopus = [sum(wo[o] * octopus_payoff(v, o, s) for o in ALL) for s in ALL]
    assert vs_shark == pytest.approx([value] * 3)
    assert vs_octopus == pytest.approx([value] * 3)
    # Both sides do better than a uniform choice against a best reply.
    uniform_o = min(sum(octopus_payoff(v, o, s) for o in ALL) / 3 for s in ALL)
    uniform_s = max(sum(octopus_payoff(v, o, s) for s in ALL) / 3 for o in ALL)
    assert uniform_o < value < uniform_s


def test_x1_shark_guards_the_best_escape_and_hostile_names_it() -> None:
    g = position(ALL, 0)
    ws = confront.weights(g, "shark")
    assert max(ws, key=ws.__getitem__) == "turquoise"
    assert confront.hostile_pick(g) == "turquoise"
    # With two pairs left the better escape is still guarded more.
    two = position(["yellow", "turquoise"], 0)
    assert confront.weights(two, "shark")["turquoise"] > 0.5
    assert confront.weights(two, "octopus")["turquoise"] < 0.5


def test_x1_a_worthless_escape_leaves_both_mixes() -> None:
    """A colour worth less than the game's value is never played, so never guarded."""
    octo, shark, value = confront.equilibrium({"a": 0.9, "b": 0.8, "c": 0.05})
    assert octo["c"] == 0.0 and shark["c"] == 0.0
    assert value == pytest.approx(1 / (1 / 0.9 + 1 / 0.8))
    assert (1 - shark["a"]) * 0.9 == pytest.approx(value)
    assert (1 - shark["b"]) * 0.8 == pytest.approx(value)
    assert octo["a"] * 0.9 == pytest.approx(octo["b"] * 0.8)


@given(st.dictionaries(st.sampled_from("abcd"), st.floats(0.01, 1.0), min_size=2))
def test_x1_no_reply_beats_the_value(v: dict[str, float]) -> None:
    """For any escape values: both mixes are distributions, no colour of the Octopus earns
    more than the value against the Shark's mix, and no colour of the Shark holds the
    Octopus below it."""
    octo, shark, value = confront.equilibrium(v)
    for mix in (octo, shark):
        assert min(mix.values()) >= -1e-12 and sum(mix.values()) == pytest.approx(1.0)
    for o in v:
        assert sum(shark[s] * octopus_payoff(v, o, s) for s in v) <= value + 1e-9
    for s in v:
        assert sum(octo[o] * octopus_payoff(v, o, s) for o in v) >= value - 1e-9


@pytest.mark.parametrize(("pairs", "hunger"), [
    (["red"], 2),                   # one pair: the Strike simply wins
    (ALL, 6),                       # the escape's own die fills the track: every escape wins
])
def test_uniform_when_the_escape_changes_nothing(pairs: list[str], hunger: int) -> None:
    g = position(pairs, hunger)
    for seat in ("shark", "octopus"):
        assert confront.weights(g, seat) == pytest.approx({c: 1 / len(pairs) for c in pairs})


def test_greedy_shark_odds_follow_the_mixes() -> None:
    """The Shark's chance that a Strike wins: the chance the mixes match; with Hostile kept,
    the chance after it trashes the Octopus's best escape."""
    g = position(ALL, 0)
    wo, ws = confront.weights(g, "octopus"), confront.weights(g, "shark")
    assert greedy_shark.win_chance(g) == pytest.approx(sum(wo[c] * ws[c] for c in ALL))
    g.kept = ["hostile"]
    assert greedy_shark.win_chance(g) == pytest.approx(
        confront.match_chance(g, ["red", "yellow"]))


def test_choose_draws_from_the_mix() -> None:
    g = position(ALL, 0)
    opts = [Action("colour", (c,)) for c in g.conf["shark"]]
    rng = random.Random(3)
    seen = Counter(confront.choose(g, "shark", opts, rng).args[0] for _ in range(6000))
    for c, w in confront.weights(g, "shark").items():
        assert seen[c] / 6000 == pytest.approx(w, abs=0.03)


def test_escape_fitter_labels_every_escape() -> None:
    """`python -m rules.ai.fit --escapes` collects the model's inputs at each escape of a
    greedy game, labelled with the winner, and the fit separates a planted effect."""
    rows = [r for s in range(8) for r in fit.collect_escapes(900 + s)]
    assert len(rows) >= 2, "too few escapes in 8 greedy games"
    for f, y in rows:
        assert set(f) == set(confront.ESCAPE_FEATURES) and y in (0.0, 1.0)
        assert f["hide_adjacent"] + f["hide_any"] > 0 or f["hunger"] >= 2
    rng = random.Random(1)
    planted = [({"bias": 1.0, "hide_any": float(k % 2)}, float(rng.random() < (0.8 if k % 2
                                                                          else 0.4)))
               for k in range(600)]
    weights, loss, const = fit.fit(planted, names=("bias", "hide_any"), epochs=600)
    assert weights["hide_any"] > 1.0 and loss < const


def test_fitting_labels_all_alike_or_none_is_reported_not_a_crash(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A small run can give only Octopus wins (the constant model's log 0) or no escape at
    all: the fit still scores, and the command says what went wrong instead of a
    traceback."""
    same = [({"bias": 1.0, "hide_any": float(i % 2)}, 1.0) for i in range(20)]
    _, loss, const = fit.fit(same, names=("bias", "hide_any"), epochs=50)
    assert 0.0 <= const < 1e-6 and loss < 0.7
    with pytest.raises(ValueError, match="nothing to fit"):
        fit.fit([], names=("bias",))
    assert fit.main(["--escapes", "--games", "0"]) == 2
    assert "nothing to fit" in capsys.readouterr().err
