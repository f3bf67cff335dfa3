"""Bad input raises only IllegalAction and changes nothing (issue: bad input)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from rules.actions import IllegalAction
from tests.rules.games import mid_games

# Random games often end early, so draw from 60 to keep about 20 running positions.
POSITIONS = list(mid_games(60, seed0=80_000))
WORDS = ["play", "pay", "swap", "den", "step", "assign", "go", "colour", "buy", "learn", "A1",
         "C3", "D4", "5B", "7R", "0", "25", "jet", "hostile", "red", "", " ", "cancel"]


@settings(max_examples=300, deadline=None)
@given(idx=st.integers(0, len(POSITIONS) - 1), seat=st.sampled_from(["octopus", "shark", "x"]),
       words=st.lists(st.sampled_from(WORDS), max_size=4), junk=st.text(max_size=12))
def test_random_and_malformed_actions_are_refused_without_change(
    idx: int, seat: str, words: list[str], junk: str
) -> None:
    g = POSITIONS[idx]
    before = rules.dump(g)
    for text in (" ".join(words), junk, " ".join(words) + " " + junk):
        legal = {a.text for a in rules.legal_actions(g, seat)} if seat != "x" else set()
        if text.strip() in legal or text.split() == ["concede"]:
            continue
        try:
            rules.apply(g, seat, text)
        except IllegalAction as e:
            assert e.code in {"not_your_turn", "illegal", "malformed", "game_over"}
        else:
            raise AssertionError(f"{text!r} was accepted for {seat}")
        assert rules.dump(g) == before


def test_stale_version_and_wrong_seat_are_refused_without_change() -> None:
    for g in POSITIONS:
        seats = rules.pending(g)["seats"]
        a = rules.legal_actions(g, seats[0])[0]
        before = rules.dump(g)
        with pytest.raises(IllegalAction) as err:
            rules.apply(g, seats[0], a, expected_version=g.version - 1)
        assert err.value.code == "stale_version"
        assert rules.dump(g) == before
        for other in rules.SEATS:
            if other not in seats:
                with pytest.raises(IllegalAction) as err:
                    rules.apply(g, other, a)
                assert err.value.code == "not_your_turn"
                assert rules.dump(g) == before


def test_legal_actions_of_other_positions_are_refused() -> None:
    """Actions legal elsewhere are illegal here: the engine never trusts the caller."""
    rng = random.Random(5)
    pool = {a for g in POSITIONS for s in rules.SEATS for a in rules.legal_actions(g, s)}
    for g in POSITIONS:
        for seat in rules.SEATS:
            legal = set(rules.legal_actions(g, seat))
            for a in rng.sample(sorted(pool, key=lambda x: x.text), min(40, len(pool))):
                if a in legal or a.verb == "concede":
                    continue
                before = rules.dump(g)
                try:
                    rules.apply(g, seat, a)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(a.text)
                assert rules.dump(g) == before


def test_game_over_refuses_everything() -> None:
    g = rules.new_game(1)
    rules.apply(g, "shark", "concede")
    assert g.winner == "octopus" and g.win_reason == "concede"
    for seat in rules.SEATS:
        assert rules.legal_actions(g, seat) == []
        try:
            rules.apply(g, seat, "den 1")
        except IllegalAction as e:
            assert e.code == "game_over"
        else:
            raise AssertionError


def test_applied_is_apply_on_a_copy_and_leaves_the_game_alone() -> None:
    """`engine.applied` (the computer players' look-ahead) gives the same game as `apply`
    on a copy, for every legal step — a command's first step, a middle one, its last,
    `cancel` — and never touches the game it is given, even when it refuses a step."""
    from rules.engine import applied

    seen = {"partial": 0, "complete": 0}
    for g in POSITIONS:
        before = rules.dump(g)
        for seat in rules.pending(g)["seats"]:
            for a in rules.legal_actions(g, seat):
                c = g.clone()
                events = rules.apply(c, seat, a)
                d = applied(g, seat, a)
                assert rules.dump(d) == rules.dump(c), a.text
                assert d.last_events == c.last_events
                seen["partial" if c.partial[seat] else "complete"] += 1
                assert rules.dump(g) == before
                if events:
                    assert d.last_events == events
        for seat, text in (("x", "den 1"), ("octopus", "play"), ("shark", "not a step")):
            with pytest.raises(IllegalAction):
                applied(g, seat, text)
            assert rules.dump(g) == before
    assert seen["partial"] > 0 and seen["complete"] > 0, seen


def test_a_malformed_step_is_refused_every_time() -> None:
    """Parsing is memoised; a refusal must not be, nor may a parsed step be shared
    mutably (an `Action` is frozen)."""
    from rules.actions import parse_action

    for _ in range(3):
        with pytest.raises(IllegalAction) as err:
            parse_action("play")
        assert err.value.code == "malformed"
        with pytest.raises(IllegalAction):
            parse_action(["play", "jet"])  # type: ignore[arg-type]
    assert parse_action("pay A1 B2") is parse_action("pay A1 B2")
    with pytest.raises(AttributeError):
        parse_action("pay A1 B2").verb = "swap"  # type: ignore[misc]
