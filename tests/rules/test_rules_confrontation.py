"""Rule tests for Search/Strike, traps, confrontation and how the game ends.

Covers G-1a, G-2(b), G-3, G-4, S-4, S-10, T-1, T-2, X-1…X-4, Hostile (D-2) and the escape
effects (D-5). Each test is named after the rule it checks (kelp-spec.md) and asserts a
concrete outcome. Positions are set up by editing a fresh game's fields; everything after
that goes through `rules.legal_actions`, `rules.apply` and `rules.view`.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import rules
from rules.data import ZONE_INDEX
from rules.state import Game
from tests.rules.positions import do, keep, octopus_turn, texts, zone
from tests.rules.shark_setup import (
    first_index,
    game_at_assign,
    pending_kind,
    pending_seats,
    set_bag,
    set_display,
    shark_at_step,
    shells,
    strike_octopus,
)

SEEDS = (0, 1, 2, 3, 7, 11)


def hidden(g: Game, z: str) -> bool:
    return bool(g.hidden[ZONE_INDEX[z]])


def over(g: Game) -> bool:
    return g.phase == "over"


def lock(g: Game, octopus: str, shark: str) -> list[dict[str, Any]]:
    """Both seats lock a confrontation colour (the Octopus first)."""
    return [*do(g, "octopus", f"colour {octopus}"), *do(g, "shark", f"colour {shark}")]


# -- S-4 Assign -----------------------------------------------------------------------------
def test_s4_dice_go_only_on_zones_adjacent_to_the_shark() -> None:
    """S-4: on space 5 the Shark borders B1 and B2 only."""
    g = game_at_assign(shells(), ["6R", "6Y"], 5)
    zones = {t.split()[2] for t in texts(g, "shark") if t.startswith("assign")}
    assert zones == {"B1", "B2"}


def test_s4_at_most_one_die_per_zone() -> None:
    """S-4: once 6R is on B1, no other die may join it there."""
    g = game_at_assign(shells(), ["6R", "6Y"], 5)
    do(g, "shark", "assign 6R B1")
    legal = texts(g, "shark")
    assert "assign 6Y B1" not in legal and "assign 6Y B2" in legal and "go" in legal


def test_s4_search_die_needs_a_hidden_block() -> None:
    """S-4: a yellow die can't be assigned to a revealed block; a red one can."""
    g = game_at_assign(shells(), ["6R", "6Y"], 2, revealed=("B1",))
    legal = texts(g, "shark")
    assert "assign 6Y B1" not in legal and "assign 6R B1" in legal


def test_s4_assignment_is_fixed_then_the_shark_picks_the_order() -> None:
    """S-4: after `go` no die can be added or moved; the Shark picks which die resolves next,
    and may decide after seeing the first result."""
    g = game_at_assign(shells(), ["6R", "6Y"], 5)
    do(g, "shark", "assign 6R B1", "assign 6Y B2", "go")
    assert sorted(texts(g, "shark")) == ["resolve B1", "resolve B2"]
    ev = do(g, "shark", "resolve B2")
    i_b2 = first_index(ev, "reveal", zones=["B2"])
    i_b1 = first_index(ev, "reveal", zones=["B1"])
    assert 0 <= i_b2 < i_b1  # B2 first; the last die then resolves by itself
    assert g.growth[0] == ["6Y"] and g.hunger == ["6R"]


def test_s4_search_reveals_a_non_trap_with_no_effect_and_goes_to_growth() -> None:
    """S-4: Search reveals a shell; nothing else happens; the yellow die goes to Growth."""
    g = game_at_assign(shells(), ["5Y"], 2)
    ev = do(g, "shark", "assign 5Y B1", "go")
    assert not hidden(g, "B1") and g.growth[0] == ["5Y"] and g.hunger == []
    assert first_index(ev, "trap") == -1 and not g.pend


def test_s4_search_on_a_trap_triggers_it() -> None:
    """S-4/T-1: Search revealing a Stinger triggers it (one die to Hunger)."""
    g = game_at_assign(shells(B1="stinger"), ["5Y"], 2, energy=["3B"])
    ev = do(g, "shark", "assign 5Y B1", "go")
    assert first_index(ev, "trap", trap="stinger") >= 0
    assert g.hunger == ["3B"] and g.growth[0] == ["5Y"] and not hidden(g, "B1")


def test_s4_search_revealing_the_octopus_starts_no_confrontation() -> None:
    """S-4/G-3: a Search only reveals; finding the Octopus does not win or confront."""
    g = game_at_assign(shells(B1="octopus"), ["5Y"], 2)
    do(g, "shark", "assign 5Y B1", "go")
    assert not hidden(g, "B1") and not over(g) and g.winner is None
    assert not g.pend and g.growth[0] == ["5Y"]


def test_s4_strike_on_the_octopus_starts_a_confrontation() -> None:
    """S-4/X-1: a Strike on the Octopus reveals it and asks both seats for a colour."""
    g = strike_octopus()
    assert not hidden(g, "B1")
    assert pending_kind(g) == "confront" and pending_seats(g) == ["octopus", "shark"]
    assert g.hunger == []  # the red die waits for the result


def test_s4_strike_on_a_hidden_trap_triggers_it_then_red_goes_to_hunger() -> None:
    """S-4: a hidden trap struck triggers (Stinger: one die), then the red die to Hunger."""
    g = game_at_assign(shells(B1="stinger"), ["5R"], 2, energy=["3B"])
    ev = do(g, "shark", "assign 5R B1", "go")
    assert first_index(ev, "trap", trap="stinger") >= 0
    assert g.hunger == ["3B", "5R"]


def test_s4_strike_on_a_revealed_trap_is_a_miss() -> None:
    """S-4: a trap already revealed does not trigger when struck: a miss, red to Hunger."""
    g = game_at_assign(shells(B1="stinger"), ["5R"], 2, energy=["3B"], revealed=("B1",))
    ev = do(g, "shark", "assign 5R B1", "go")
    assert first_index(ev, "trap") == -1 and first_index(ev, "miss") >= 0
    assert g.hunger == ["5R"] and g.energy == ["3B"]


def test_s4_strike_miss_reveals_and_red_goes_to_hunger_not_growth() -> None:
    """S-4: a Strike on a shell reveals it and misses; the red die goes to Hunger."""
    g = game_at_assign(shells(), ["5R"], 2)
    ev = do(g, "shark", "assign 5R B1", "go")
    assert not hidden(g, "B1") and first_index(ev, "miss") >= 0
    assert g.hunger == ["5R"] and g.growth == [[], [], [], []]


def test_s4_resolve_recheck_failing_die_returns_to_the_bag_unused() -> None:
    """S-4: 4Y on B1 finds Tangle; the Octopus swaps the revealed shell of A2 into B2, so
    the 6Y waiting on B2 no longer faces a hidden block and returns to the bag unused."""
    g = game_at_assign(shells(B1="tangle"), ["4Y", "6Y"], 5, revealed=("A2",))
    do(g, "shark", "assign 4Y B1", "assign 6Y B2", "go", "resolve B1")
    assert pending_kind(g) == "trap"
    yellow = g.bag["Y"]
    ev = do(g, "octopus", "swap A2 B2")
    assert first_index(ev, "fizzle") >= 0
    assert not hidden(g, "B2") and hidden(g, "A2")  # each block kept its state
    assert g.bag["Y"] == yellow + 1
    assert g.growth[0] == ["4Y"]  # only the die that resolved went to Growth


def test_s4_a_die_acts_on_the_block_in_its_zone_when_it_resolves() -> None:
    """S-4: Tangle moves the hidden Octopus from A2 into B2, where 6R waits: that Strike now
    hits the Octopus and starts a confrontation."""
    g = game_at_assign(shells(B1="tangle", A2="octopus"), ["4Y", "6R"], 5)
    do(g, "shark", "assign 4Y B1", "assign 6R B2", "go", "resolve B1")
    do(g, "octopus", "swap A2 B2")
    assert zone(g, "B2") == "octopus" and not hidden(g, "B2")
    assert pending_kind(g) == "confront"


# -- S-10 A die for the Hunger Track ---------------------------------------------------------
def test_s10_hunger_die_comes_from_energy_first_shark_chooses() -> None:
    """S-10: with 5B and 2Y stored, the Shark (not the Octopus) names the die."""
    g = game_at_assign(shells(B1="stinger"), ["6R"], 2, energy=["5B", "2Y"])
    do(g, "shark", "assign 6R B1", "go")
    assert pending_kind(g) == "hunger_choice" and pending_seats(g) == ["shark"]
    assert sorted(texts(g, "shark")) == ["feed 2Y", "feed 5B"]
    assert texts(g, "octopus") == []
    do(g, "shark", "feed 2Y")
    assert g.hunger == ["2Y", "6R"] and g.energy == ["5B"]


@pytest.mark.parametrize("seed", SEEDS)
def test_s10_hunger_die_from_the_bag_when_no_energy(seed: int) -> None:
    """S-10: no Energy: a die is drawn at random from the bag (here only yellows)."""
    g = game_at_assign(shells(B1="stinger"), ["6R"], 2, seed=seed)
    set_bag(g, 0, 2, 0)
    do(g, "shark", "assign 6R B1", "go")
    assert len(g.hunger) == 2 and g.hunger[0][1] == "Y" and g.hunger[1] == "6R"
    assert g.bag == {"B": 0, "Y": 1, "R": 0}


def test_s10_hunger_die_from_unassigned_pool_dice_shark_chooses() -> None:
    """S-10: no Energy, empty bag: the Shark picks one of its unassigned pool dice."""
    g = game_at_assign(shells(B1="stinger"), ["4Y", "5B", "3R"], 2)
    set_bag(g, 0, 0, 0)
    do(g, "shark", "assign 4Y B1", "go")
    assert pending_kind(g) == "hunger_choice"
    assert sorted(texts(g, "shark")) == ["feed 3R", "feed 5B"]
    do(g, "shark", "feed 5B")
    assert g.hunger == ["5B"] and g.energy == ["3R"]


def test_s10_no_die_anywhere_nothing_happens() -> None:
    """S-10: no Energy, empty bag, no other pool die: the trap puts nothing on Hunger."""
    g = game_at_assign(shells(B1="stinger"), ["4Y"], 2)
    set_bag(g, 0, 0, 0)
    ev = do(g, "shark", "assign 4Y B1", "go")
    assert first_index(ev, "trap") >= 0
    assert g.hunger == [] and g.growth[0] == ["4Y"] and not over(g)


# -- G-1a Order of effects ----------------------------------------------------------------
def test_g1a_strike_on_hidden_trap_trap_effect_then_red_die_to_hunger() -> None:
    """G-1a: the trap's effect resolves fully before the red die goes to Hunger."""
    g = game_at_assign(shells(B1="stinger"), ["6R"], 2, energy=["2B"])
    ev = do(g, "shark", "assign 6R B1", "go")
    i_trap = first_index(ev, "trap")
    i_sting = first_index(ev, "hunger", die="2B")
    i_red = first_index(ev, "hunger", die="6R")
    assert 0 <= i_trap < i_sting < i_red
    assert g.hunger == ["2B", "6R"]


def test_g1a_strike_on_ink_burst_draw_happens_before_the_red_die() -> None:
    """G-1a: Ink Burst's whole effect (die to Hunger, then the draw) precedes the red die."""
    g = game_at_assign(shells(B1="ink_burst"), ["6R"], 2, energy=["2B"])
    ev = do(g, "shark", "assign 6R B1", "go")
    assert (first_index(ev, "hunger", die="2B") < first_index(ev, "draw")
            < first_index(ev, "hunger", die="6R"))


def test_g1a_escape_effect_then_cards_trashed_then_red_die_to_hunger() -> None:
    """G-1a/X-3: after an escape, the escape effect, then both cards trashed, then the red
    die to Hunger."""
    g = strike_octopus()
    lock(g, "yellow", "red")
    ev = do(g, "octopus", "with B2")
    i_shuffle = first_index(ev, "shuffle")
    i_trash = first_index(ev, "trash_pair", colour="yellow")
    i_red = first_index(ev, "hunger", die="6R")
    assert 0 <= i_shuffle < i_trash < i_red
    assert g.hunger == ["6R"]


def test_g1a_fight_escape_die_then_cards_then_red_die() -> None:
    """G-1a: Fight's Hunger die lands before the cards are trashed and the red die lands."""
    g = strike_octopus(energy=["2B"])
    lock(g, "red", "yellow")
    ev = do(g, "octopus", "use")
    assert (first_index(ev, "hunger", die="2B") < first_index(ev, "trash_pair", colour="red")
            < first_index(ev, "hunger", die="6R"))
    assert g.hunger == ["2B", "6R"]


# -- G-2(b) The 7th Hunger die ------------------------------------------------------------
SIX = ["1B", "1B", "2B", "2Y", "3B", "3Y"]


def test_g2b_seventh_hunger_die_from_a_strike_wins_at_once() -> None:
    """G-2(b): the missed Strike's red die is the 7th: the Octopus wins before the other
    assigned die resolves."""
    g = game_at_assign(shells(), ["6R", "6Y"], 5, hunger=SIX)
    do(g, "shark", "assign 6R B1", "assign 6Y B2", "go", "resolve B1")
    assert over(g) and g.winner == "octopus" and g.win_reason == "hunger"
    assert len(g.hunger) == 7 and hidden(g, "B2")
    assert texts(g, "shark") == [] and texts(g, "octopus") == []


def test_g2b_seventh_hunger_die_from_a_trap_wins_before_the_effect_ends() -> None:
    """G-2(b): the Stinger's die is the 7th; the game ends at once (the Search die never
    reaches Growth)."""
    g = game_at_assign(shells(B1="stinger"), ["5Y"], 2, hunger=SIX)
    do(g, "shark", "assign 5Y B1", "go")
    assert over(g) and g.winner == "octopus" and g.win_reason == "hunger"
    assert g.growth == [[], [], [], []]


def test_g2b_seventh_hunger_die_from_spending_energy_wins() -> None:
    """G-2(b) any cause: buying with Energy puts the 7th die on Hunger; the Octopus wins."""
    g = game_at_assign(shells(), ["4B", "1Y", "1R"], 2, hunger=SIX)
    set_display(g, ["lurk", "burst", "frenzy", "hostile"])
    do(g, "shark", "go", "buy lurk", "feed 1Y")
    assert over(g) and g.winner == "octopus" and g.win_reason == "hunger"
    assert len(g.hunger) == 7


def test_g2b_seventh_hunger_die_from_fight_wins_before_cards_are_trashed() -> None:
    """G-2(b): Fight's die is the 7th: the game ends before the cards are trashed."""
    g = strike_octopus(hunger=SIX, energy=["2B"])
    lock(g, "red", "yellow")
    do(g, "octopus", "use")
    assert over(g) and g.winner == "octopus" and g.win_reason == "hunger"
    assert len(g.conf["octopus"]) == 3 and len(g.hunger) == 7


# -- G-3 How the Shark wins -----------------------------------------------------------------
@pytest.mark.parametrize("colour", ["red", "yellow", "turquoise"])
def test_g3_shark_wins_by_striking_and_matching_the_colour(colour: str) -> None:
    """G-3/X-2: a Strike on the Octopus and the same colour: the Shark wins."""
    g = strike_octopus()
    lock(g, colour, colour)
    assert over(g) and g.winner == "shark" and g.win_reason == "confrontation"


def test_g3_an_escape_is_no_win() -> None:
    """G-3: a different colour is not a win; the game goes on."""
    g = strike_octopus()
    lock(g, "turquoise", "red")
    do(g, "octopus", "skip")
    assert not over(g) and g.winner is None


# -- G-4 The last Hunger space and no red die ---------------------------------------------
FIVE = ["1B", "1B", "2B", "2Y", "3B"]


def test_g4_last_hunger_space_free_and_no_red_die_octopus_wins_at_once() -> None:
    """G-4: the Stinger's die fills the 6th space; no red die in bag, pool or Energy and no
    Second Wind: the Octopus wins at once."""
    g = game_at_assign(shells(B1="stinger"), ["5Y"], 2, hunger=FIVE, energy=["2B"])
    set_bag(g, 5, 2, 0)
    do(g, "shark", "assign 5Y B1", "go")
    assert len(g.hunger) == 6
    assert over(g) and g.winner == "octopus" and g.win_reason == "no_strike"


@pytest.mark.parametrize("where", ["bag", "pool", "energy", "second_wind"])
def test_g4_a_red_die_or_second_wind_keeps_the_game_going(where: str) -> None:
    """G-4: the same position, but a red die in the bag, pool or Energy, or Second Wind
    kept: the game goes on."""
    pool = ["5Y", "1R"] if where == "pool" else ["5Y"]
    energy = ["2B", "3R"] if where == "energy" else ["2B"]
    g = game_at_assign(shells(B1="stinger"), pool, 2, hunger=FIVE, energy=energy)
    set_bag(g, 5, 2, 1 if where == "bag" else 0)
    if where == "second_wind":
        keep(g, "second_wind")
    do(g, "shark", "assign 5Y B1", "go")
    if where == "energy":
        do(g, "shark", "feed 2B")
    assert len(g.hunger) == 6
    assert not over(g) and g.winner is None


# -- T-1 Traps ----------------------------------------------------------------------------------
def test_t1_stinger_puts_one_die_on_hunger_and_stays_revealed() -> None:
    """T-1 Stinger: exactly one die to Hunger; the trap stays on the board, revealed."""
    g = game_at_assign(shells(B1="stinger"), ["5Y"], 2, energy=["3B"])
    do(g, "shark", "assign 5Y B1", "go")
    assert g.hunger == ["3B"]
    assert zone(g, "B1") == "stinger" and not hidden(g, "B1")


def test_t1_ink_burst_hunger_die_then_octopus_draws_beyond_hand_limit() -> None:
    """T-1 Ink Burst: a die to Hunger, then the Octopus draws a card even with a full hand."""
    g = game_at_assign(shells(B1="ink_burst"), ["5Y"], 2, energy=["3B"])
    assert len(g.hand) == g.hand_limit == 4
    ev = do(g, "shark", "assign 5Y B1", "go")
    assert g.hunger == ["3B"] and len(g.hand) == 5
    assert first_index(ev, "hunger") < first_index(ev, "draw")
    assert rules.view(g, "spectator")["octopus_side"]["hand_count"] == 5


def test_t1_tangle_octopus_swaps_two_adjacent_blocks_not_the_trap() -> None:
    """T-1 Tangle: the Octopus swaps two orthogonally adjacent blocks; the trap's zone (B2)
    can't take part: 12 adjacent pairs minus B2's 4."""
    g = game_at_assign(shells(B2="tangle", A1="octopus"), ["6Y"], 5)
    do(g, "shark", "assign 6Y B2", "go")
    options = texts(g, "octopus")
    assert len(options) == 8 and all(o.startswith("swap ") for o in options)
    assert not any("B2" in o for o in options)
    assert "swap A1 C1" not in options and "swap A1 B1" in options
    do(g, "octopus", "swap A1 B1")
    assert zone(g, "B1") == "octopus" and zone(g, "A1") == "shell"
    assert zone(g, "B2") == "tangle" and not hidden(g, "B2")


def test_t1_scare_octopus_trashes_a_display_card_and_the_display_refills() -> None:
    """T-1 Scare: the Octopus picks a face-up Shark card to trash; the slot refills."""
    g = game_at_assign(shells(B1="scare"), ["5Y"], 2)
    set_display(g, ["lurk", "burst", "frenzy", "hostile"])
    top = g.deck[-1]
    do(g, "shark", "assign 5Y B1", "go")
    assert sorted(texts(g, "octopus")) == ["trash burst", "trash frenzy", "trash hostile",
                                           "trash lurk"]
    do(g, "octopus", "trash frenzy")
    assert g.s_trash == ["frenzy"]
    assert g.display == ["lurk", "burst", top, "hostile"]


def test_g6_scare_with_no_display_card_does_nothing() -> None:
    """G-6: an empty display and an empty deck: Scare asks nothing and changes nothing."""
    g = game_at_assign(shells(B1="scare"), ["5Y"], 2)
    g.s_trash.extend([*g.deck, *(c for c in g.display if c)])
    g.deck = []
    g.display = [None] * 4
    ev = do(g, "shark", "assign 5Y B1", "go")
    assert first_index(ev, "trap") >= 0 and first_index(ev, "trash_display") == -1
    assert not g.pend and g.display == [None] * 4 and g.growth[0] == ["5Y"]


def test_t1_hiding_a_triggered_trap_re_arms_it() -> None:
    """T-1: a triggered trap stays revealed (a later Strike misses it); once the Octopus
    hides it again, a Search triggers it again."""
    g = game_at_assign(shells(B1="stinger"), ["5Y"], 2, energy=["3B"])
    do(g, "shark", "assign 5Y B1", "go")
    assert g.hunger == ["3B"] and not hidden(g, "B1")
    shark_at_step(g, "assign", pool=["5R"], at=2)
    ev = do(g, "shark", "assign 5R B1", "go")
    assert first_index(ev, "trap") == -1 and g.hunger == ["3B", "5R"]
    octopus_turn(g, hand=["blend_in", "blend_in_2"])
    do(g, "octopus", "discard blend_in", "hide B1")
    assert hidden(g, "B1")
    shark_at_step(g, "assign", pool=["5Y"], at=2, energy=["4B"])
    ev = do(g, "shark", "assign 5Y B1", "go")
    assert first_index(ev, "trap", trap="stinger") >= 0
    assert g.hunger == ["3B", "5R", "4B"]


# -- T-2 / X-4 Pending decisions ----------------------------------------------------------
def test_t2_trap_choice_is_a_pending_decision_for_the_octopus() -> None:
    """T-2/X-4: during the Shark's turn, Tangle's swap is the Octopus's pending decision;
    the Shark has no legal action and its commands are refused until it is answered."""
    g = game_at_assign(shells(B1="tangle"), ["4Y", "6R"], 5)
    do(g, "shark", "assign 4Y B1", "assign 6R B2", "go", "resolve B1")
    assert g.turn == "shark"
    assert pending_seats(g) == ["octopus"] and pending_kind(g) == "trap"
    assert rules.view(g, "spectator")["decision"]["seats"] == ["octopus"]
    assert texts(g, "shark") == []
    with pytest.raises(rules.IllegalAction) as err:
        rules.apply(g, "shark", "resolve B2")
    assert err.value.code == "not_your_turn"
    assert hidden(g, "B2")
    do(g, "octopus", "swap A3 B3")
    assert not hidden(g, "B2")  # the Shark's last die resolved once the swap was made


def test_x4_confrontation_is_one_decision_with_two_parts() -> None:
    """X-4: both seats decide; after one locks, only the other is asked; nothing else
    happens until both have locked."""
    g = strike_octopus()
    assert pending_seats(g) == ["octopus", "shark"]
    do(g, "octopus", "colour red")
    assert pending_seats(g) == ["shark"] and texts(g, "octopus") == []
    with pytest.raises(rules.IllegalAction):
        rules.apply(g, "octopus", "colour yellow")
    assert sorted(texts(g, "shark")) == ["colour red", "colour turquoise", "colour yellow"]
    assert g.hunger == [] and not over(g)


# -- Confrontation ---------------------------------------------------------
def _no_colour(obj: Any, colour: str) -> bool:
    return colour not in json.dumps(obj)


def test_x1_a_locked_choice_is_secret_from_the_other_seat_and_spectators() -> None:
    """X-1/I-1/I-3: after the Octopus locks, the Shark and spectators see only that it is
    locked; the Octopus itself sees its colour."""
    g = strike_octopus()
    do(g, "octopus", "colour turquoise")
    mine = rules.view(g, "octopus")["octopus_side"]
    assert mine["locked"] is True and mine["locked_colour"] == "turquoise"
    for viewer in ("shark", "spectator"):
        v = rules.view(g, viewer)
        assert v["octopus_side"]["locked"] is True
        assert "locked_colour" not in v["octopus_side"]
        assert _no_colour(v["last_events"], "turquoise")
        assert _no_colour(v["octopus_side"], "locked_colour")


def test_x1_the_shark_locked_choice_is_secret_from_the_octopus_and_spectators() -> None:
    """X-1/I-1/I-3: the Shark's locked colour is hidden from the Octopus and spectators."""
    g = strike_octopus()
    do(g, "shark", "colour yellow")
    assert rules.view(g, "shark")["shark_side"]["locked_colour"] == "yellow"
    for viewer in ("octopus", "spectator"):
        v = rules.view(g, viewer)
        assert v["shark_side"]["locked"] is True
        assert "locked_colour" not in v["shark_side"]
        assert all("colour" not in e for e in v["last_events"])


def test_x1_both_colours_revealed_together() -> None:
    """X-1: once both are locked, both choices are public."""
    g = strike_octopus()
    ev = lock(g, "turquoise", "red")
    reveal = ev[first_index(ev, "confront_reveal")]
    assert rules.event_view(reveal, "spectator")["octopus"] == "turquoise"
    assert rules.event_view(reveal, "spectator")["shark"] == "red"


def test_x1_with_one_pair_left_the_strike_simply_wins() -> None:
    """X-1 (FAQ): one pair left: no choices are asked; the Shark wins."""
    g = game_at_assign(shells(B1="octopus"), ["6R"], 5)
    g.conf = {"octopus": ["turquoise"], "shark": ["turquoise"]}
    do(g, "shark", "assign 6R B1", "go")
    assert over(g) and g.winner == "shark" and g.win_reason == "confrontation"


def test_x2_escape_trashes_the_octopus_card_and_the_shark_card_of_that_colour() -> None:
    """X-2: Octopus yellow, Shark red: the Octopus escapes; both yellow cards are trashed
    (not the Shark's red one)."""
    g = strike_octopus()
    lock(g, "yellow", "red")
    do(g, "octopus", "skip")
    assert g.conf == {"octopus": ["red", "turquoise"], "shark": ["red", "turquoise"]}
    side = rules.view(g, "spectator")
    assert side["shark_side"]["colours"] == ["red", "turquoise"]
    assert side["octopus_side"]["colours"] == ["red", "turquoise"]


def test_x2_second_confrontation_is_50_50_and_the_third_certain() -> None:
    """X-2: after one escape both sides hold the same 2 colours; after a second escape one
    pair is left, so the third Strike wins at once."""
    g = strike_octopus()
    lock(g, "yellow", "red")
    do(g, "octopus", "skip")
    where = g.zones.index("octopus")
    g.zones[where], g.zones[1] = g.zones[1], g.zones[where]
    g.hidden[1] = True
    shark_at_step(g, "assign", pool=["6R"], at=5)
    do(g, "shark", "assign 6R B1", "go")
    assert sorted(texts(g, "octopus")) == ["colour red", "colour turquoise"]
    assert sorted(texts(g, "shark")) == ["colour red", "colour turquoise"]
    lock(g, "red", "turquoise")
    do(g, "octopus", "skip")
    assert g.conf == {"octopus": ["turquoise"], "shark": ["turquoise"]} and not over(g)
    shark_at_step(g, "assign", pool=["6R"], at=5)
    do(g, "shark", "assign 6R B1", "go")
    assert over(g) and g.winner == "shark"


def test_x3_red_die_goes_to_hunger_after_an_escape() -> None:
    """X-3: the Strike die that started the confrontation ends on the Hunger Track."""
    g = strike_octopus()
    red = g.bag["R"]
    lock(g, "turquoise", "yellow")
    do(g, "octopus", "skip")
    assert g.hunger == ["6R"] and g.bag["R"] == red


# -- D-2 Hostile ---------------------------------------------------------------------------
def test_d2_hostile_trashes_a_named_pair_before_the_choices() -> None:
    """D-2 Hostile: before colours are chosen the Shark may name a colour; that pair is
    trashed and the choice is between the two remaining colours."""
    g = game_at_assign(shells(B1="octopus"), ["6R"], 5)
    keep(g, "hostile")
    do(g, "shark", "assign 6R B1", "go")
    assert pending_kind(g) == "hostile" and pending_seats(g) == ["shark"]
    assert sorted(texts(g, "shark")) == ["hostile red", "hostile turquoise", "hostile yellow",
                                         "skip"]
    assert texts(g, "octopus") == []
    do(g, "shark", "hostile turquoise")
    assert g.conf == {"octopus": ["red", "yellow"], "shark": ["red", "yellow"]}
    assert g.kept == [] and g.s_trash == ["hostile"]
    assert pending_kind(g) == "confront"
    assert sorted(texts(g, "octopus")) == ["colour red", "colour yellow"]


def test_d2_hostile_skip_keeps_the_card() -> None:
    """D-2 Hostile is optional: skipping keeps all three pairs and the card."""
    g = game_at_assign(shells(B1="octopus"), ["6R"], 5)
    keep(g, "hostile")
    do(g, "shark", "assign 6R B1", "go", "skip")
    assert g.kept == ["hostile"] and len(g.conf["octopus"]) == 3
    assert pending_kind(g) == "confront"


def test_d2_hostile_with_two_pairs_leaves_one_and_the_strike_wins() -> None:
    """D-2 Hostile needs 2+ pairs: with exactly 2 it may be used, leaving 1 pair, and then
    (X-1) the Strike simply wins. Reading: the X-1 rule applies after Hostile."""
    g = game_at_assign(shells(B1="octopus"), ["6R"], 5)
    g.conf = {"octopus": ["red", "yellow"], "shark": ["red", "yellow"]}
    keep(g, "hostile")
    do(g, "shark", "assign 6R B1", "go")
    assert sorted(texts(g, "shark")) == ["hostile red", "hostile yellow", "skip"]
    do(g, "shark", "hostile red")
    assert over(g) and g.winner == "shark"


def test_d2_hostile_not_offered_with_one_pair_left() -> None:
    """D-2 Hostile needs 2+ pairs: with one pair the Strike wins without asking."""
    g = game_at_assign(shells(B1="octopus"), ["6R"], 5)
    g.conf = {"octopus": ["red"], "shark": ["red"]}
    keep(g, "hostile")
    do(g, "shark", "assign 6R B1", "go")
    assert over(g) and g.winner == "shark" and g.kept == ["hostile"]


# -- D-5 Escape effects ----------------------------------------------------------------------
def test_d5_fight_puts_one_more_die_on_hunger() -> None:
    """D-5 Fight: the Octopus may use it: one more die on Hunger (S-10, from Energy)."""
    g = strike_octopus(energy=["2B"])
    lock(g, "red", "turquoise")
    assert pending_kind(g) == "escape_use" and sorted(texts(g, "octopus")) == ["skip", "use"]
    do(g, "octopus", "use")
    assert g.hunger == ["2B", "6R"] and g.energy == []


def test_d5_fight_is_optional() -> None:
    """D-5: skipping Fight adds only the red die."""
    g = strike_octopus(energy=["2B"])
    lock(g, "red", "turquoise")
    do(g, "octopus", "skip")
    assert g.hunger == ["6R"] and g.energy == ["2B"]
    assert g.conf["shark"] == ["yellow", "turquoise"]


@pytest.mark.parametrize("seed", SEEDS)
def test_d5_flinch_hides_and_shuffles_octopus_with_one_adjacent_block(seed: int) -> None:
    """D-5 Flinch: the Octopus and one orthogonally adjacent block of its choice become
    hidden and are shuffled between their two zones."""
    g = strike_octopus(seed, extra={"B2": "stinger"})
    lock(g, "yellow", "turquoise")
    assert sorted(texts(g, "octopus")) == ["skip", "with A1", "with B2", "with C1"]
    ev = do(g, "octopus", "with B2")
    assert hidden(g, "B1") and hidden(g, "B2")
    assert {zone(g, "B1"), zone(g, "B2")} == {"octopus", "stinger"}
    shuffle = ev[first_index(ev, "shuffle")]
    assert sorted(shuffle["zones"]) == ["B1", "B2"]


def test_d5_flinch_is_optional() -> None:
    """D-5: skipping Flinch leaves the Octopus revealed where it was."""
    g = strike_octopus()
    lock(g, "yellow", "turquoise")
    ev = do(g, "octopus", "skip")
    assert zone(g, "B1") == "octopus" and not hidden(g, "B1")
    assert first_index(ev, "shuffle") == -1


@pytest.mark.parametrize("seed", SEEDS)
def test_d5_flight_hides_and_shuffles_octopus_with_up_to_two_blocks(seed: int) -> None:
    """D-5 Flight: the Octopus and up to 2 blocks anywhere become hidden and are shuffled
    among their zones; up to 2, so 3 others are not offered."""
    g = strike_octopus(seed, extra={"C3": "stinger"})
    lock(g, "turquoise", "red")
    legal = texts(g, "octopus")
    assert "with A3 C3" in legal and "skip" in legal and "with" in legal
    assert not any(len(t.split()) > 3 for t in legal)
    ev = do(g, "octopus", "with A3 C3")
    assert all(hidden(g, z) for z in ("B1", "A3", "C3"))
    assert sorted(zone(g, z) for z in ("B1", "A3", "C3")) == ["octopus", "shell", "stinger"]
    assert sorted(ev[first_index(ev, "shuffle")]["zones"]) == ["A3", "B1", "C3"]


def test_d5_flight_with_only_the_octopus_just_hides_it() -> None:
    """D-5 Flight: choosing no other block: the Octopus becomes hidden, in place."""
    g = strike_octopus()
    lock(g, "turquoise", "red")
    ev = do(g, "octopus", "with")
    assert zone(g, "B1") == "octopus" and hidden(g, "B1")
    assert first_index(ev, "shuffle") == -1


def test_d5_flight_is_optional() -> None:
    """D-5: skipping Flight leaves the Octopus revealed; the cards are still trashed."""
    g = strike_octopus()
    lock(g, "turquoise", "red")
    do(g, "octopus", "skip")
    assert zone(g, "B1") == "octopus" and not hidden(g, "B1")
    assert g.conf["octopus"] == ["red", "yellow"]


def test_x2_escape_happens_in_the_shark_turn_and_play_continues() -> None:
    """X-2/S-4: after the escape, the Shark's remaining assigned die still resolves."""
    g = game_at_assign(shells(B1="octopus"), ["6R", "6Y"], 5)
    do(g, "shark", "assign 6R B1", "assign 6Y B2", "go", "resolve B1")
    lock(g, "red", "yellow")
    do(g, "octopus", "skip")
    assert not hidden(g, "B2") and g.growth[0] == ["6Y"]
    assert g.hunger == ["6R"]



def test_s4_escape_into_a_zone_with_a_waiting_strike_die_confronts_again() -> None:
    """S-4: Flinch shuffles the Octopus (B1) with B2, where 6R still waits: when the
    Octopus lands in B2 that die starts a second confrontation; otherwise it misses.
    Over several seeds both outcomes occur."""
    outcomes = set()
    for seed in range(12):
        g = game_at_assign(shells(B1="octopus"), ["6R", "6R"], 5, seed=seed)
        do(g, "shark", "assign 6R B1", "assign 6R B2", "go", "resolve B1")
        lock(g, "yellow", "red")
        do(g, "octopus", "with B2")
        if zone(g, "B2") == "octopus":
            assert pending_kind(g) == "confront" and not hidden(g, "B2")
            assert sorted(texts(g, "shark")) == ["colour red", "colour turquoise"]
            assert g.hunger == ["6R"]
        else:
            assert not g.pend and zone(g, "B2") == "shell" and not hidden(g, "B2")
            assert g.hunger == ["6R", "6R"]
        outcomes.add(zone(g, "B2"))
    assert outcomes == {"octopus", "shell"}
