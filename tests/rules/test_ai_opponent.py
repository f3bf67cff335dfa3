"""The Shark's search draws the Octopus's zone from an opponent model (`ai.opponent`).

The model is a prior over the zones the Shark's knowledge allows (kelp-spec.md §8: the
Shark knows only public events and its own peeks), weighted by how good each zone looks
to a hiding Octopus. These tests check that it only reweighs what the Shark may know,
that the worlds it draws are worlds the Shark can't tell from the real one, and that it
reads no secret.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

import rules
from rules.ai import features as F
from rules.ai import greedy_shark, opponent
from rules.ai import search as searching
from rules.ai.search import search
from rules.data import ZONE_INDEX
from rules.engine import deciders
from rules.state import Game
from tests.rules.games import random_game
from tests.rules.positions import octopus_turn, set_board, shark_turn, started

BLOCKS = {"A1": "shell", "B1": "shell", "C1": "shell", "A2": "stinger",
          "B2": "shell", "C2": "shell", "A3": "shell", "B3": "shell", "C3": "octopus"}


def _shark_by_a1() -> Game:
    """The Shark's turn on den 1 (beside A1, far from C3); every block hidden but B2."""
    g = started(seed=4, den=1)
    set_board(g, BLOCKS, revealed=["B2"])
    shark_turn(g, pool=["1B", "2B"], step="roll")
    return g


def test_the_prior_spans_the_zones_the_shark_cannot_rule_out() -> None:
    """S-4/§8: every hidden zone may hold the Octopus and gets a weight; the revealed B2
    gets none."""
    g = _shark_by_a1()
    prior = opponent.octopus_prior(g, random.Random(0))
    assert prior is not None
    assert set(prior) == {z for z in range(9) if z != ZONE_INDEX["B2"]}
    assert all(w > 0 for w in prior.values())


def test_a_hiding_octopus_is_thought_likelier_out_of_reach() -> None:
    """The Shark on den 1 can swim next to A1 at once and can't reach C3 this turn: a
    hiding Octopus prefers C3, so the prior puts more weight there, where the uniform
    draw gives both the same."""
    g = _shark_by_a1()
    q = F.oct_odds(F.shark_belief(g))
    assert q[ZONE_INDEX["A1"]] == q[ZONE_INDEX["C3"]]
    prior = opponent.octopus_prior(g, random.Random(1))
    assert prior is not None
    assert prior[ZONE_INDEX["C3"]] > 2 * prior[ZONE_INDEX["A1"]]


def test_no_prior_once_the_octopus_is_found() -> None:
    g = _shark_by_a1()
    set_board(g, BLOCKS, revealed=["B2", "C3"])
    assert opponent.octopus_prior(g, random.Random(0)) is None
    # The search then draws its worlds uniformly, and still plays a legal step.
    assert search(g, "shark", random.Random(0), iterations=8) in rules.legal_actions(g, "shark")


def test_a_pinned_world_is_one_the_shark_cannot_tell_from_the_real_game() -> None:
    """For every zone the prior names, the drawn world has the Octopus there, shows the
    Shark what the real game shows it, and keeps the Shark's real knowledge (not the
    narrowed one used to draw it), so the play-outs' greedy Shark knows no more."""
    g = _shark_by_a1()
    prior = opponent.octopus_prior(g, random.Random(0))
    assert prior is not None
    real = rules.view(g, "shark")
    real.pop("last_events")
    for z in prior:
        w = opponent.pinned_world(g, z, seed=z)
        assert F.octopus_zone(w) == z
        assert w.know_shark == g.know_shark
        shown = rules.view(w, "shark")
        shown.pop("last_events")
        assert shown == real
        assert sorted(w.zones) == sorted(g.zones)


def test_worlds_drawn_through_the_kept_bases_are_the_worlds_drawn_afresh() -> None:
    """The search keeps each zone's narrowed copy for the whole decision (`bases`): every
    world it then draws must be exactly the one `draw` makes without it, so keeping them
    is only a speed-up (no-peeking and the replays of fixed-budget games rest on it)."""
    g = _shark_by_a1()
    prior = opponent.octopus_prior(g, random.Random(0))
    assert prior is not None
    bases: dict[int, Game] = {}
    kept, fresh = random.Random(9), random.Random(9)
    for _ in range(40):
        a = opponent.draw(g, prior, kept, bases)
        b = opponent.draw(g, prior, fresh)
        assert a.to_dict() == b.to_dict()
        a.zones.reverse()  # a world is the play-out's to change: the bases must not see it
        a.hunger.append("1R")
    assert set(bases) <= set(prior) and len(bases) > 1


def test_draws_follow_the_prior() -> None:
    g = _shark_by_a1()
    prior = opponent.octopus_prior(g, random.Random(0))
    assert prior is not None
    rng = random.Random(5)
    n = 3000
    counts = dict.fromkeys(prior, 0)
    for _ in range(n):
        counts[opponent.pick_zone(prior, rng)] += 1
    total = sum(prior.values())
    for z, wt in prior.items():
        assert abs(counts[z] / n - wt / total) < 0.03, (z, counts[z] / n, wt / total)


def _shark_positions() -> list[Game]:
    """Shark decisions in random games where the Octopus is hidden among several zones."""
    out: list[Game] = []

    def keep(g: Game) -> None:
        if (g.turn == "shark" and g.phase == "shark" and len(out) < 24
                and "shark" in deciders(g)):
            q = F.oct_odds(F.shark_belief(g))
            if sum(x > 0 for x in q) >= 3 and g.version % 3 == 0:
                out.append(g.clone())

    for seed in range(6):
        random_game(91_000 + seed, board=("day", "night")[seed % 2], each=keep)
    return out


def test_the_prior_reads_no_secret() -> None:
    """§8, as a property: in every game the Shark can't tell from the real one (the
    Octopus elsewhere, another hand), the same rng gives the same prior."""
    positions = _shark_positions()
    assert len(positions) >= 12
    for i, g in enumerate(positions):
        prior = opponent.octopus_prior(g, random.Random(i))
        assert prior is not None
        for s in range(3):
            other = rules.resample(g, "shark", 7_000 * i + s)
            assert opponent.octopus_prior(other, random.Random(i)) == prior, (i, s)


@cache
def _turns(n: int) -> tuple[tuple[Game, Game], ...]:
    """Pairs (the Shark's roll, the same turn once it has moved and may assign dice) from
    greedy games, where the Octopus is hidden among several zones and the move flipped no
    Growth tile (a flip changes the Shark's draws, which the prior weighs)."""
    out: list[tuple[Game, Game]] = []
    for seed in range(40):
        g = rules.new_game(93_000 + seed, board=("day", "night")[seed % 2])
        rngs = {s: random.Random(seed * 13 + i) for i, s in enumerate(rules.SEATS)}
        rolled: Game | None = None
        steps = 0
        while g.phase != "over" and steps < 2000 and len(out) < n:
            if g.phase == "shark" and g.step == "roll" and rolled is None:
                rolled = g.clone()
            if g.phase == "shark" and g.step == "assign" and rolled is not None:
                q = F.oct_odds(F.shark_belief(g))
                if (sum(x > 0 for x in q) >= 3 and g.flipped == rolled.flipped
                        and g.shark_at != rolled.shark_at):
                    out.append((rolled, g.clone()))
                rolled = None
            if g.phase == "octopus":
                rolled = None
            for seat in deciders(g):
                rules.apply(g, seat, rules.ai.choose(g, seat, rngs[seat], level="greedy"))
                steps += 1
                if g.phase == "over":
                    break
        if len(out) >= n:
            break
    return tuple(out)


def test_the_turn_begins_with_a_public_note_of_where_the_shark_stands() -> None:
    """S-1: as the Shark rolls, the engine notes its space, facing, Current dice and bag;
    the note outlives the move and a save."""
    for rolled, moved in _turns(8)[:4]:
        start = moved.tf["start"]
        assert start == rolled.tf["start"]
        assert (start["at"], start["facing"]) == (rolled.shark_at, rolled.facing)
        assert start["dice_on"] == [[s, d] for s, d in sorted(rolled.dice_on.items())]
        assert Game.from_dict(moved.to_dict()).tf["start"] == start


def test_the_prior_is_judged_where_the_octopus_chose_not_where_the_shark_swam() -> None:
    """The Octopus hid before the Shark moved, so the Shark's move this turn tells nothing
    about where it hid: the prior after the move is the one before it (same rng)."""
    pairs = _turns(8)
    assert len(pairs) >= 6
    for i, (rolled, moved) in enumerate(pairs):
        before = opponent.octopus_prior(rolled, random.Random(i))
        assert opponent.octopus_prior(moved, random.Random(i)) == before, i


def test_judged_from_where_the_shark_swam_the_prior_would_change(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above can fail: without putting the Shark back, the move changes it."""
    monkeypatch.setattr(opponent, "as_the_turn_began", lambda w: None)
    pairs = _turns(8)
    changed = sum(opponent.octopus_prior(m, random.Random(i)) != opponent.octopus_prior(
        r, random.Random(i)) for i, (r, m) in enumerate(pairs))
    assert changed >= len(pairs) // 2


def test_leant_odds_reweigh_only_the_zones_the_shark_cannot_rule_out() -> None:
    """§8: the lean moves belief between the zones the Shark's knowledge allows, never onto
    one it ruled out, and the odds still sum to one; a lean that misses a zone the odds
    allow (a belief from another turn) leaves the odds as they were."""
    g = _shark_by_a1()
    found = opponent.octopus_lean(g, random.Random(1))
    assert found is not None
    q, lean = found
    leant = opponent.leant(q, lean)
    assert leant[ZONE_INDEX["B2"]] == 0.0
    assert sum(leant) == pytest.approx(1.0)
    assert leant[ZONE_INDEX["C3"]] > q[ZONE_INDEX["C3"]] > leant[ZONE_INDEX["A1"]]
    assert opponent.prior_of(q, lean) == opponent.octopus_prior(g, random.Random(1))
    partial = {z: x for z, x in lean.items() if z != ZONE_INDEX["C3"]}
    assert opponent.leant(q, partial) == q
    assert opponent.leant(q, None) == q


def test_the_search_shark_strikes_where_its_model_says_the_octopus_hid(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The search Shark's first step and play-outs weigh the Octopus's zone by the model
    (`search.LEANT`). The Shark began its turn beside A1 and A2 and has swum beside C2 and
    C3; with a sharp model (a high `BETA`) a hiding Octopus chose C3, far from where the
    Shark stood, so the search strikes C3 with its lone Strike die even at one iteration,
    where the plain one-in-eight odds of the greedy Shark keep the die."""
    monkeypatch.setattr(opponent, "BETA", 80.0)
    g = _shark_by_a1()
    shark_turn(g, pool=["6R"], at=9, step="assign")
    g.tf["start"] = {"at": 4, "facing": None, "dice_on": [], "bag": dict(g.bag)}
    assert search(g, "shark", random.Random(0), iterations=1).text == "assign 6R C3"
    monkeypatch.setattr(searching, "LEANT", set())
    assert search(g, "shark", random.Random(0), iterations=1).text == "go"


def test_the_octopus_search_expects_the_shark_to_look_where_a_hiding_octopus_would_be(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`search.EXPECTS_LEANT`: in the Octopus's play-outs that expect the search Shark, the
    Shark plays its turn with the lean its own search would use, over exactly the zones its
    knowledge allows in that world, worked out once for each way the Octopus's turn ended
    (`_their_key`) rather than at every Shark step; in the others, with the plain odds of
    the greedy level. The shipped share mixes the two."""
    seen: list[tuple[tuple[int, ...], dict[int, float] | None]] = []
    plain = greedy_shark.choose

    def spy(w: Game, rng: random.Random, lean: dict[int, float] | None = None) -> rules.Action:
        if w.turn == "shark":
            q = F.oct_odds(F.shark_belief(w))
            seen.append((tuple(z for z, p in enumerate(q) if p > 0.0), lean))
        return plain(w, rng, lean)

    worked_out: list[int] = []
    lean_of = opponent.octopus_lean

    def counted(g: Game, rng: random.Random) -> tuple[list[float], dict[int, float]] | None:
        worked_out.append(1)
        return lean_of(g, rng)

    monkeypatch.setattr(greedy_shark, "choose", spy)
    monkeypatch.setattr(opponent, "octopus_lean", counted)
    g = started(seed=4, den=1)
    set_board(g, BLOCKS, revealed=["B2"])
    octopus_turn(g, hand=["jet", "curiosity", "blend_in_2"])

    shipped = searching.EXPECTS_LEANT["octopus"]

    def shark_turns(share: float) -> list[tuple[tuple[int, ...], dict[int, float] | None]]:
        """The Shark's steps, in the play-outs of a 30-iteration Octopus search, where its
        knowledge leaves it more than one zone."""
        monkeypatch.setitem(searching.EXPECTS_LEANT, "octopus", share)
        seen.clear()
        worked_out.clear()
        search(g, "octopus", random.Random(0), iterations=30)
        return [(cands, lean) for cands, lean in seen if len(cands) >= 2]

    leant = shark_turns(1.0)
    assert len(leant) >= 30
    for cands, lean in leant:
        assert lean is not None and set(cands) <= set(lean), (cands, lean)
    assert 0 < len(worked_out) < len(seen) / 2
    plain_turns = shark_turns(0.0)
    assert plain_turns and all(lean is None for _, lean in plain_turns) and not worked_out
    assert 0.0 < shipped < 1.0
    mixed = [lean for _, lean in shark_turns(shipped)]
    assert any(lean is None for lean in mixed) and any(lean is not None for lean in mixed)


def _greedy_shark_turns(n: int, seed0: int) -> list[tuple[Game, dict[int, int]]]:
    """Shark decisions after its first turn in greedy games where the Octopus is hidden
    among several zones, each with the Octopus's zone as each Shark turn began (by round)."""
    out: list[tuple[Game, dict[int, int]]] = []
    for seed in range(60):
        g = rules.new_game(seed0 + seed, board=("day", "night")[seed % 2])
        rngs = {s: random.Random(seed * 7 + i) for i, s in enumerate(rules.SEATS)}
        began: dict[int, int] = {}
        while g.phase != "over" and len(out) < n:
            for seat in deciders(g):
                if (seat == "shark" and g.phase == "shark" and g.tf.get("start")
                        and g.round not in began):
                    began[g.round] = F.octopus_zone(g)
                    q = F.oct_odds(F.shark_belief(g))
                    if len(began) >= 2 and sum(x > 0 for x in q) >= 3:
                        out.append((g.clone(), dict(began)))
                rules.apply(g, seat, rules.ai.choose(g, seat, rngs[seat], level="greedy"))
                if g.phase == "over":
                    break
        if len(out) >= n:
            break
    return out


def test_each_zone_is_followed_back_to_where_its_block_was_as_the_shark_turns_began() -> None:
    """I-2: every swap and shuffle is public, so the engine notes, for the Shark's last two
    turns, which zones each block may have come from since the turn began (`origins`). The
    Octopus's own block is never replaced (O-7, O-8), so its zone's note always names the
    zone it held then, and no zone is the only origin of two. The note outlives a save,
    and a game saved before it loads without one."""
    turns = _greedy_shark_turns(40, 95_000)
    assert len(turns) == 40
    moved = 0
    for g, began in turns:
        zo = F.octopus_zone(g)
        for start, came, rnd in zip(g.origins["starts"], g.origins["from"],
                                    (g.round - 1, g.round), strict=True):
            assert start is not None and rnd in began
            assert began[rnd] in came[zo], (g.round, rnd, came)
            singles = [m[0] for m in came if len(m) == 1]
            assert len(singles) == len(set(singles))
        moved += began[g.round - 1] != zo
        assert Game.from_dict(g.to_dict()).origins == g.origins
    assert moved >= 5
    d = turns[0][0].to_dict()
    del d["origins"]
    old = Game.from_dict(d)
    assert old.origins == {}
    assert opponent.octopus_lean(old, random.Random(0)) is not None


def test_last_turns_lean_carried_through_the_octopus_moves_finds_it_more_often(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`opponent.CARRY`: the Octopus hid where last turn's lean expected it more often than
    the odds alone say, and stayed or moved by public swaps, so carrying that belief into
    this turn's prior puts more weight on the zone it is really in (0.34 against 0.29 on
    3,173 turns of the greedy Octopus against the search's first child, docs/balance.md,
    session 44). Here on 60 turns (0.50 against 0.39), and the lean never names a zone the
    Shark ruled out."""
    turns = _greedy_shark_turns(60, 96_000)

    def true_odds(carry: float) -> float:
        monkeypatch.setattr(opponent, "CARRY", carry)
        total = 0.0
        for i, (g, _) in enumerate(turns):
            found = opponent.octopus_lean(g, random.Random(i))
            assert found is not None
            q, lean = found
            assert set(lean) == {z for z in range(9) if q[z] > 0.0}
            total += opponent.leant(q, lean)[F.octopus_zone(g)]
        return total / len(turns)

    assert opponent.CARRY == 0.8
    assert true_odds(0.8) > true_odds(0.0) + 0.05
