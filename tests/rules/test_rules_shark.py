"""Rule tests for the Shark's side: board geometry, components, the Shark turn (S-1…S-9),
Growth, Energy, every Shark card (D-2) and Growth tile (D-3).

Each test is named after the rule it checks (kelp-spec.md) and asserts a concrete outcome,
so it fails if that rule is broken. Positions are set up by editing a fresh game's fields;
everything after that goes through `rules.legal_actions`, `rules.apply` and `rules.view`.
Traps, Search/Strike, confrontation and the win conditions are in
test_rules_confrontation.py.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

import rules
from rules.state import Game
from tests.rules.positions import do, keep, octopus_turn, set_board, started, texts
from tests.rules.shark_setup import (
    dice_total,
    from_supply,
    game_at_assign,
    set_bag,
    set_display,
    shark_at_step,
    shells,
)

SEEDS = (0, 1, 2, 3, 7, 11)
ZONE_COLS = "ABC"


# -- helpers -------------------------------------------------------------------------
def zone_name(c: int, r: int) -> str:
    return f"{ZONE_COLS[c]}{r + 1}"


def spec_space(n: int) -> tuple[frozenset[tuple[int, int]], frozenset[str]]:
    """B-4 read straight from the spec: a space's two end points and the zones it borders."""
    if n <= 12:
        y, c = divmod(n - 1, 3)
        ends = frozenset({(c, y), (c + 1, y)})
        zones = {zone_name(c, r) for r in (y - 1, y) if 0 <= r <= 2}
    else:
        r, x = divmod(n - 13, 4)
        ends = frozenset({(x, r), (x, r + 1)})
        zones = {zone_name(c, r) for c in (x - 1, x) if 0 <= c <= 2}
    return ends, frozenset(zones)


def notation(g: Game) -> str:
    shark = rules.view(g, "spectator")["shark"]
    assert shark is not None
    return str(shark["notation"])


def steps(g: Game) -> set[int]:
    return {int(t.split()[1]) for t in texts(g, "shark") if t.startswith("step ")}


def assign_zones(g: Game, die: str) -> set[str]:
    return {t.split()[2] for t in texts(g, "shark")
            if t.startswith(f"assign {die} ") and len(t.split()) == 3}


def end_octopus_turn(g: Game) -> None:
    """Finish the Octopus's turn through the API (its second action: discard, no hide)."""
    octopus_turn(g, hand=["blend_in", "blend_in_2"], actions=1)
    do(g, "octopus", "discard blend_in")
    if "skip" in texts(g, "octopus"):
        do(g, "octopus", "skip")
    assert g.turn == "shark"


def roll_step(seed: int = 0, *, pool: list[str], at: int = 1, facing: int | None = 1,
              hunger: list[str] | None = None, board: str = "day") -> Game:
    """The Shark in Draw & Roll with a chosen pool, on `at` (facing index into its ends).
    Space 1 is a day den, where a Shark starting its move may turn round (B-6): tests of
    the faced end alone start there on the night board, where it is no den."""
    g = started(seed, den=1 if board == "day" else 3, board=board)
    set_board(g, shells())
    shark_at_step(g, "roll", pool=pool, at=at, facing=facing, hunger=hunger or [])
    return g


def at_buy(pool: list[str], *, energy: Sequence[str] = (), display: list[str | None],
           seed: int = 0) -> Game:
    """Skip Search/Strike with `go` so the pool goes to Energy (S-5, S-7)."""
    g = game_at_assign(shells(), pool, 2, seed=seed, energy=list(energy))
    set_display(g, display)
    do(g, "shark", "go")
    return g


# -- B: board ----------------------------------------------------------------------------
@pytest.mark.parametrize("side,values", [
    # The day centre is 6, not the spec's 5: the balance tuning of docs/balance.md.
    ("day", {"A1": 3, "B1": 4, "C1": 3, "A2": 4, "B2": 6, "C2": 4, "A3": 3, "B3": 4, "C3": 3}),
    ("night", {"A1": 4, "B1": 3, "C1": 4, "A2": 3, "B2": 5, "C2": 3, "A3": 4, "B3": 3,
               "C3": 4}),
])
def test_b2_zone_values_per_side_are_shown_and_enforced(side: str, values: dict[str, int]) -> None:
    """B-2: each side's zone values; a die exactly at the value may be assigned, one pip
    below may not, for a Strike or a Search die (every zone, Shark on its top edge)."""
    g = rules.new_game(0, board=side)
    assert {z["zone"]: z["value"] for z in rules.view(g, "spectator")["zones"]} == values
    for z, v in values.items():
        c, r = ZONE_COLS.index(z[0]), int(z[1]) - 1
        top = 3 * r + c + 1
        g = started(0, den=1 if side == "day" else 3, board=side)
        set_board(g, shells())
        shark_at_step(g, "assign", pool=[f"{v}R", f"{v - 1}Y", f"{v - 1}R"], at=top,
                      facing=0)
        assert z in assign_zones(g, f"{v}R"), (side, z)
        assert z not in assign_zones(g, f"{v - 1}Y"), (side, z)
        assert z not in assign_zones(g, f"{v - 1}R"), (side, z)


def test_b4_every_space_borders_the_zones_its_number_gives() -> None:
    """B-3/B-4: a Shark on space n is adjacent exactly to the zones B-4's numbering gives
    (two for inner edges, one for outer edges), seen through the zones it may assign to."""
    inner = 0
    for n in range(1, 25):
        _, zones = spec_space(n)
        g = game_at_assign(shells(), ["6R"], n)
        assert assign_zones(g, "6R") == set(zones), n
        inner += len(zones) == 2
    assert inner == 12


def test_b3_next_spaces_share_an_end_point_and_a_free_shark_may_use_either_end() -> None:
    """B-3/B-5: a free Shark with nothing around can step onto exactly the spaces sharing an
    end point with its own (both ends), as the B-4 numbering places them."""
    geo = {n: spec_space(n)[0] for n in range(1, 25)}
    for n in range(1, 25):
        want = {m for m in geo if m != n and geo[m] & geo[n]}
        g = roll_step(pool=[], at=n, facing=None)
        assert steps(g) == want, n


def test_b5_step_leaves_through_faced_end_and_new_facing_is_the_far_end() -> None:
    """B-5: a Shark on 14 facing S (P(1,1)) may go straight on (18) or turn 90° (4, 5), never
    through its back end P(1,0) (1, 2); afterwards it faces the far end of the new space."""
    g = roll_step(pool=[], at=14, facing=1)
    assert notation(g) == "14S"
    assert steps(g) == {4, 5, 18}
    for target, facing in ((4, "4W"), (5, "5E"), (18, "18S")):
        g = roll_step(pool=[], at=14, facing=1)
        do(g, "shark", f"step {target}")
        assert g.shark_at == target
        assert notation(g) == facing


def test_b5_facing_the_other_end_reverses_the_options() -> None:
    """B-5: the same Shark facing N (P(1,0)) reaches 1 and 2 only."""
    g = roll_step(pool=[], at=14, facing=0)
    assert notation(g) == "14N"
    assert steps(g) == {1, 2}
    do(g, "shark", "step 1")
    assert notation(g) == "1W"


@pytest.mark.parametrize("side,dens", [("day", [1, 12, 16, 21]), ("night", [3, 10, 13, 24])])
def test_b6_dens_per_side_and_the_shark_starts_free(side: str, dens: list[int]) -> None:
    """B-6/C-6: the Octopus's first decision is a den of the chosen side; the Shark is free."""
    g = rules.new_game(5, board=side)
    assert rules.pending(g)["seats"] == ["octopus"]
    assert sorted(int(t.split()[1]) for t in texts(g, "octopus")) == dens
    assert texts(g, "shark") == []
    do(g, "octopus", f"den {dens[0]}")
    assert notation(g) == f"{dens[0]}*"
    assert g.facing is None


def test_b6_a_den_gives_no_other_freedom() -> None:
    """B-6: the turnaround is for a Shark that starts its move on a den. Swimming on over a
    die on day den 21 facing S, the Shark may only go on through P(0,3) to 10, not turn
    back through P(0,2) to 17."""
    g = roll_step(pool=[], at=7, facing=0)
    g.dice_on = {21: "3B"}
    from_supply(g, ["3B"])
    do(g, "shark", "step 21")
    assert steps(g) == {10}


@pytest.mark.parametrize("side,den,turned", [("day", 16, {3, 6, 20}), ("night", 24, {9, 12, 20})])
def test_b6_dens_let_the_shark_turn_round(side: str, den: int, turned: set[int]) -> None:
    """B-6 [P]: both sides' data turn the `den_turnaround` option on (it balances them,
    docs/balance.md): a Shark starting its move on day den 16 facing S may leave through
    P(3,1) to 6 or 20 or turn round through P(3,0) to 3; on night den 24 facing S, through
    P(3,3) to 12 or back through P(3,2) to 9 or 20."""
    g = started(0, den=den, board=side)
    set_board(g, shells())
    shark_at_step(g, "roll", pool=[], at=den, facing=1)
    assert notation(g) == f"{den}S"
    assert steps(g) == turned


# -- C: components --------------------------------------------------------------------
@pytest.mark.parametrize("seed", SEEDS)
def test_c1_bag_starts_7_blue_3_yellow_1_red_rest_in_supply(seed: int) -> None:
    """C-1: 15 B, 10 Y, 10 R; the bag starts 7/3/1 and its contents are public."""
    g = rules.new_game(seed)
    for viewer in ("spectator", "shark", "octopus"):
        side = rules.view(g, viewer)["shark_side"]
        assert side["bag"] == {"B": 7, "Y": 3, "R": 1}
        assert side["supply_dice"] == {"B": 8, "Y": 7, "R": 9}


@pytest.mark.parametrize("seed", SEEDS)
def test_c2_shark_side_display_growth_energy_hunger_colours(seed: int) -> None:
    """C-2: 4 face-up cards from a 20-card deck, 4 Growth tiles of 3 slots, 3 Energy slots,
    7 Hunger spaces, 3 confrontation cards."""
    g = rules.new_game(seed)
    side = rules.view(g, "spectator")["shark_side"]
    assert len([c for c in side["display"] if c]) == 4
    assert side["deck_count"] == 16
    assert [t["tile"] for t in side["growth"]] == [1, 2, 3, 4]
    assert not any(t["flipped"] or t["dice"] for t in side["growth"])
    assert side["hunger_max"] == 7 and side["hunger"] == [] and side["energy"] == []
    assert sorted(side["colours"]) == ["red", "turquoise", "yellow"]
    deck = Counter(rules.data.base_id(c) for c in [*g.deck, *g.display])
    assert deck == {"hostile": 1, "frenzy": 2, "ambush": 2, "relentless": 1, "sharp_eyes": 2,
                    "sniff": 2, "keen_senses": 1, "second_wind": 1, "burst": 2,
                    "riptide": 2, "lurk": 2, "patrol": 2}


# -- S-1 Draw & Roll --------------------------------------------------------------------
@pytest.mark.parametrize("seed", SEEDS)
def test_s1_draws_two_dice_at_random_from_the_bag(seed: int) -> None:
    """S-1: the turn starts by drawing 2 dice from the bag and rolling them."""
    g = started(seed)
    set_board(g, shells())
    end_octopus_turn(g)
    assert len(g.pool) == 2
    drawn = Counter(d[1] for d in g.pool)
    assert g.bag == {"B": 7 - drawn["B"], "Y": 3 - drawn["Y"], "R": 1 - drawn["R"]}
    assert all(1 <= int(d[0]) <= 6 for d in g.pool)


@pytest.mark.parametrize("seed", SEEDS)
def test_s1_bag_below_two_shark_chooses_current_dice_to_return_until_two(seed: int) -> None:
    """S-1: with 0 dice in the bag and 3 Current dice out, the Shark picks 2 of them to
    return (its choice, one at a time), then draws 2; the third stays on the board."""
    g = started(seed)
    set_board(g, shells())
    set_bag(g, 0, 0, 0)
    g.dice_on = {3: "2B", 7: "5B", 9: "6B"}
    from_supply(g, ["2B", "5B", "6B"])
    end_octopus_turn(g)
    assert rules.pending(g)["kind"] == "shark_return"
    assert sorted(texts(g, "shark")) == ["return 3", "return 7", "return 9"]
    do(g, "shark", "return 7")
    assert g.pool == [] and sorted(texts(g, "shark")) == ["return 3", "return 9"]
    do(g, "shark", "return 3")
    assert g.dice_on == {9: "6B"}
    assert len(g.pool) == 2 and all(d[1] == "B" for d in g.pool)
    assert sum(g.bag.values()) == 0


def test_s1_bag_short_and_board_short_draws_what_there_is() -> None:
    """S-1: return "until it holds 2 (or the board has none)": one die back, one drawn."""
    g = started(0)
    set_board(g, shells())
    set_bag(g, 0, 0, 0)
    g.dice_on = {3: "2B"}
    from_supply(g, ["2B"])
    end_octopus_turn(g)
    do(g, "shark", "return 3")
    assert len(g.pool) == 1 and g.dice_on == {} and sum(g.bag.values()) == 0


@pytest.mark.parametrize("seed", SEEDS)
def test_s1_growth_tile_2_draws_three_dice(seed: int) -> None:
    """S-1/D-3 tile 2: with tile 2 flipped the Shark draws 3 dice; without it, 2."""
    g = started(seed)
    set_board(g, shells())
    g.flipped = [True, True, False, False]
    end_octopus_turn(g)
    assert len(g.pool) == 3 and sum(g.bag.values()) == 8
    g = started(seed)
    set_board(g, shells())
    g.flipped = [True, False, False, False]
    end_octopus_turn(g)
    assert len(g.pool) == 2


def test_s1_growth_tile_2_draws_only_what_the_bag_holds() -> None:
    """S-1: the extra die of Growth tile 2 comes only if the bag holds it."""
    g = started(0)
    set_board(g, shells())
    g.flipped = [True, True, False, False]
    set_bag(g, 2, 0, 0)
    end_octopus_turn(g)
    assert len(g.pool) == 2 and sum(g.bag.values()) == 0


def test_g6_empty_bag_and_empty_board_the_shark_still_moves() -> None:
    """G-6 (Shark bag at Draw & Roll → S-1): nothing to return and nothing to draw gives an
    empty pool; the compulsory Move is still available (G-1: the Shark can act)."""
    g = started(0)
    set_board(g, shells())
    set_bag(g, 0, 0, 0)
    end_octopus_turn(g)
    assert g.pool == [] and rules.pending(g)["kind"] == "shark_roll"
    assert steps(g) == {2, 13, 14}


# -- S-2 Current dice --------------------------------------------------------------------
def test_s2_blue_dice_go_only_on_empty_spaces_and_keep_their_value() -> None:
    """S-2: a blue die may go on any space without a die or the Shark; it keeps its value;
    Search and Strike dice can't be placed."""
    g = roll_step(pool=["4B", "3Y", "2R"], at=1)
    g.dice_on = {5: "2B"}
    from_supply(g, ["2B"])
    legal = texts(g, "shark")
    assert "place 4B" in legal and "place 3Y" not in legal and "place 2R" not in legal
    do(g, "shark", "place 4B")
    spaces = {int(t.split()[1]) for t in texts(g, "shark") if t.startswith("at ")}
    assert spaces == set(range(1, 25)) - {1, 5}
    do(g, "shark", "at 7")
    assert g.dice_on == {5: "2B", 7: "4B"}
    assert sorted(g.pool) == ["2R", "3Y"]


# -- S-3 Move ----------------------------------------------------------------------------
def test_s3_values_must_strictly_decrease() -> None:
    """S-3: from 2 (5B) the Shark may not swim on over an equal 5B, but may over a 4B."""
    g = roll_step(pool=[], at=1, facing=1)
    g.dice_on = {2: "5B", 3: "5B"}
    do(g, "shark", "step 2")
    assert sorted(texts(g, "shark")) == ["cancel", "step 15"]
    g = roll_step(pool=[], at=1, facing=1)
    g.dice_on = {2: "5B", 3: "4B"}
    do(g, "shark", "step 2")
    assert "step 3" in texts(g, "shark")
    g = roll_step(pool=[], at=1, facing=1)
    g.dice_on = {2: "3B", 3: "5B", 15: "4B"}
    assert 2 not in steps(g)


def test_s3_only_the_first_die_swum_over_goes_to_growth() -> None:
    """S-3/S-6: a path 1 → 2 (5B) → 3 (4B) → 16 (2B) → 20 sends only 5B to Growth."""
    g = roll_step(pool=[], at=1, facing=1)
    g.dice_on = {2: "5B", 3: "4B", 16: "2B"}
    from_supply(g, ["5B", "4B", "2B"])
    do(g, "shark", "step 2", "step 3", "step 16", "step 20")
    assert g.shark_at == 20 and notation(g) == "20S"
    assert g.growth[0] == ["5B"]
    assert g.dice_on == {3: "4B", 16: "2B"}
    assert dice_total(g) == 35


def test_s3_path_ends_on_an_empty_space() -> None:
    """S-3: a die the Shark can't swim beyond is not an end: from 1 facing E only 14 is
    reachable when 2 (3B) leads only to higher dice."""
    g = roll_step(pool=[], at=1, facing=1, board="night")
    g.dice_on = {2: "3B", 3: "5B", 15: "4B"}
    assert steps(g) == {14}


def test_s3_path_cannot_return_to_its_starting_space() -> None:
    """S-3 (no space repeats, t ≠ s0): from 13 facing N the loop 1 (6B) → 14 (5B) → 4 (4B)
    leads only back to 13, so there is no path through the faced end: the Shark flips."""
    g = roll_step(pool=[], at=13, facing=0)
    g.dice_on = {1: "6B", 2: "6B", 14: "5B", 5: "6B", 18: "6B", 4: "4B", 17: "6B"}
    assert notation(g) == "13N"
    assert texts(g, "shark") == ["flip"]
    do(g, "shark", "flip")
    assert g.shark_at == 13 and notation(g) == "13S"


def box_in(g: Game, *, open_west: bool = False) -> None:
    """Surround space 1: 1B on the spaces next to it, 2B on every space beyond those, so no
    step sequence can reach an empty space (with `open_west`, 13 and beyond stay empty)."""
    first = [2, 14] if open_west else [2, 13, 14]
    second = [3, 15, 4, 5, 18] if open_west else [3, 15, 4, 17, 5, 18]
    set_bag(g, 0, 3, 1)
    g.dice_on = {**{s: "1B" for s in first}, **{s: "2B" for s in second}}
    from_supply(g, list(g.dice_on.values()))


def test_s3_no_path_free_shark_stays_free() -> None:
    """S-3: a free Shark with no path stays where it is and stays free."""
    g = roll_step(pool=[], at=1, facing=None)
    box_in(g)
    assert "flip" in texts(g, "shark") and not steps(g)
    do(g, "shark", "flip")
    assert g.shark_at == 1 and notation(g) == "1*"


def test_s3_no_path_through_either_end_may_clear_a_next_die_then_flip() -> None:
    """S-3: boxed in at both ends, the Shark may return one Current die on a space next to
    its own to the bag, then its facing flips."""
    g = roll_step(pool=[], at=1, facing=1)
    box_in(g)
    assert sorted(texts(g, "shark")) == ["clear 13", "clear 14", "clear 2", "flip"]
    do(g, "shark", "clear 2")
    assert 2 not in g.dice_on and len(g.dice_on) == 8
    assert g.bag["B"] == 1
    assert g.shark_at == 1 and notation(g) == "1W"
    assert dice_total(g) == 35


def test_s3_clear_is_not_offered_when_the_other_end_has_a_path() -> None:
    """S-3: with a path through the back end only, the Shark flips; it may not clear."""
    g = roll_step(pool=[], at=1, facing=1, board="night")
    box_in(g, open_west=True)
    assert texts(g, "shark") == ["flip"]
    do(g, "shark", "flip")
    assert notation(g) == "1W" and len(g.dice_on) == 7


# -- S-5 / S-7 Energy -----------------------------------------------------------------
def test_s5_unused_pool_dice_stay_in_the_pool_and_become_energy() -> None:
    """S-5: an unplaced blue die and an unassigned red die survive the Move and Search/Strike
    steps in the pool, then go to Stored Energy."""
    g = roll_step(pool=["4B", "5R"], at=1, facing=1)
    set_display(g, ["hostile", "second_wind", "relentless", "ambush"])
    do(g, "shark", "step 2")
    assert sorted(g.pool) == ["4B", "5R"]
    assert rules.view(g, "spectator")["shark_side"]["pool"] == g.pool
    do(g, "shark", "go")
    assert sorted(g.energy) == ["4B", "5R"] and g.pool == []


def test_s7_one_or_two_stored_may_buy_or_pass_and_the_dice_stay() -> None:
    """S-7: with 2 stored dice (5 pips) the Shark may buy or pass; passing keeps them."""
    g = at_buy(["4B", "1Y"], display=["lurk", "burst", "frenzy", "hostile"])
    legal = texts(g, "shark")
    assert "pass" in legal
    assert {"buy lurk", "buy burst", "buy frenzy", "buy burst lurk"} <= set(
        " ".join([t.split()[0], *sorted(t.split()[1:])]) for t in legal)
    assert not any("hostile" in t for t in legal)
    do(g, "shark", "pass")
    assert sorted(g.energy) == ["1Y", "4B"] and g.hunger == [] and g.turn == "octopus"


def test_s7_one_or_two_stored_and_nothing_affordable_stay() -> None:
    """S-7: with 1–2 stored and nothing bought, they stay in their slots."""
    g = at_buy(["1B"], display=["hostile", "second_wind", "relentless", "ambush"])
    assert g.turn == "octopus"
    assert g.energy == ["1B"] and g.hunger == []


def test_s7_three_stored_must_buy_when_a_card_is_affordable() -> None:
    """S-7: with 3 stored dice and an affordable card, passing is not allowed."""
    g = at_buy(["4B", "1Y", "1R"], display=["lurk", "burst", "frenzy", "hostile"])
    legal = texts(g, "shark")
    assert "pass" not in legal and "buy lurk" in legal


def test_s7_three_stored_and_nothing_affordable_all_return_without_hunger() -> None:
    """S-7: 3 stored dice (4 pips) and only dearer cards: all go back to the bag, no Hunger."""
    g = at_buy(["1B", "1Y", "2R"], display=["hostile", "second_wind", "relentless", "ambush"])
    assert g.turn == "octopus"
    assert g.energy == [] and g.hunger == []
    assert g.bag == {"B": 7 + 1, "Y": 3 + 1, "R": 1 + 1}


@pytest.mark.parametrize("fed", ["4B", "1Y", "1R"])
def test_s7_buying_sends_exactly_one_stored_die_chosen_by_the_shark_to_hunger(fed: str) -> None:
    """S-7: buying Frenzy (5) with 4B 1Y 1R: the Shark names the die for Hunger (`feed`);
    the other two return to the bag, the card's red die comes from the supply into the bag,
    and the display slot refills from the deck."""
    g = at_buy(["4B", "1Y", "1R"], display=["lurk", "burst", "frenzy", "hostile"])
    bag, supply = dict(g.bag), dict(g.supply_dice)
    top = g.deck[-1]
    do(g, "shark", "buy frenzy")
    assert sorted(texts(g, "shark")) == ["cancel", "feed 1R", "feed 1Y", "feed 4B"]
    do(g, "shark", f"feed {fed}")
    assert g.hunger == [fed]
    assert g.energy == []
    back = Counter(d[1] for d in ["4B", "1Y", "1R"] if d != fed)
    assert g.bag == {c: bag[c] + back[c] + (c == "R") for c in "BYR"}
    assert g.supply_dice == {c: supply[c] - (c == "R") for c in "BYR"}
    assert g.kept == ["frenzy"]
    assert g.display == ["lurk", "burst", top, "hostile"]
    assert g.turn == "octopus"


def test_s7_buying_two_cards_brings_both_dice() -> None:
    """S-7: Lurk (2) + Burst (3) for 5 pips: two blue dice from the supply into the bag; two
    slots refill; still exactly one die on the Hunger Track."""
    g = at_buy(["5B", "5B"], display=["lurk", "burst", "frenzy", "hostile"])
    bag_b, supply_b = g.bag["B"], g.supply_dice["B"]
    legal = texts(g, "shark")
    buy = next(t for t in legal if t.startswith("buy") and sorted(t.split()[1:]) == [
        "burst", "lurk"])
    do(g, "shark", buy)
    assert g.hunger == ["5B"]
    assert g.bag["B"] == bag_b + 1 + 2 and g.supply_dice["B"] == supply_b - 2
    assert sorted(g.kept) == ["burst", "lurk"]
    assert None not in g.display and "frenzy" in g.display and "hostile" in g.display


def test_s7_more_pool_dice_than_free_slots_the_shark_chooses_what_to_store() -> None:
    """S-7: 1 die already stored and 3 left in the pool: the Shark stores 2 of its choice and
    the third returns to the bag."""
    g = at_buy(["6R", "5Y", "1B"], energy=["2B"],
               display=["hostile", "second_wind", "relentless", "ambush"])
    assert rules.pending(g)["kind"] == "shark_store"
    assert sorted(texts(g, "shark")) == ["store 1B 5Y", "store 1B 6R", "store 5Y 6R"]
    bag_b = g.bag["B"]
    do(g, "shark", "store 5Y 6R")
    assert sorted(g.energy) == ["2B", "5Y", "6R"]
    assert g.bag["B"] == bag_b + 1 and g.pool == []


def test_g6_supply_lacking_a_colour_bought_card_brings_no_die() -> None:
    """G-6: with no red die in the supply, buying Frenzy brings none (and nothing breaks)."""
    g = at_buy(["5B"], display=["lurk", "burst", "frenzy", "hostile"])
    g.bag["R"] += g.supply_dice["R"]
    g.supply_dice["R"] = 0
    red = g.bag["R"]
    do(g, "shark", "buy frenzy")
    assert g.kept == ["frenzy"] and g.bag["R"] == red and g.supply_dice["R"] == 0
    assert g.hunger == ["5B"]


def test_g6_shark_deck_empty_display_slot_stays_empty() -> None:
    """G-6: a bought card's slot stays empty when the deck is empty."""
    g = at_buy(["5B"], display=["lurk", "burst", "frenzy", "hostile"])
    g.s_trash.extend(g.deck)
    g.deck = []
    do(g, "shark", "buy frenzy")
    assert g.display == ["lurk", "burst", None, "hostile"]
    side = rules.view(g, "spectator")["shark_side"]
    assert side["display"][2] is None and side["deck_count"] == 0


# -- S-6 Growth --------------------------------------------------------------------------
def search_shell(g: Game) -> None:
    """The Shark on space 2 searches the hidden shell in B1 with 5Y."""
    do(g, "shark", "assign 5Y B1", "go")


def test_s6_growth_fills_tile_one_first() -> None:
    """S-6: the first die sent to Growth takes the first slot of tile 1."""
    g = game_at_assign(shells(), ["5Y"], 2)
    search_shell(g)
    assert g.growth == [["5Y"], [], [], []]


def test_s6_third_die_flips_the_tile_and_returns_its_dice_to_the_bag() -> None:
    """S-6: a 3rd die on tile 1 flips it at once; its 3 dice go back to the bag; the next
    die sent to Growth goes to tile 2."""
    g = game_at_assign(shells(), ["5Y"], 2)
    g.growth[0] = from_supply(g, ["1B", "2Y"])
    bag = dict(g.bag)
    search_shell(g)
    assert g.flipped == [True, False, False, False]
    assert g.growth == [[], [], [], []]
    assert g.bag == {"B": bag["B"] + 1, "Y": bag["Y"] + 2, "R": bag["R"]}
    assert rules.view(g, "spectator")["shark_side"]["growth"][0]["flipped"] is True
    g2 = game_at_assign(shells(), ["5Y"], 2)
    g2.flipped[0] = True
    g2.growth[1] = from_supply(g2, ["3B"])
    search_shell(g2)
    assert g2.growth == [[], ["3B", "5Y"], [], []]


def test_s6_red_dice_never_go_to_growth() -> None:
    """S-6: a Strike die goes to Hunger after a miss, not to Growth."""
    g = game_at_assign(shells(), ["5R"], 2)
    do(g, "shark", "assign 5R B1", "go")
    assert g.growth == [[], [], [], []] and g.hunger == ["5R"]


def test_s6_all_tiles_flipped_dice_sent_to_growth_return_to_the_bag() -> None:
    """S-6: once every tile has flipped, a die sent to Growth goes back to the bag."""
    g = game_at_assign(shells(), ["5Y"], 2)
    g.flipped = [True] * 4
    y = g.bag["Y"]
    search_shell(g)
    assert g.growth == [[], [], [], []] and g.bag["Y"] == y + 1


# -- S-8 / S-9 ---------------------------------------------------------------------------
def test_s8_kept_card_is_trashed_after_its_one_use() -> None:
    """S-8: each copy is used once, then trashed; a second copy remains usable."""
    g = roll_step(pool=["2Y", "3R"])
    keep(g, "frenzy", "frenzy_2")
    do(g, "shark", "frenzy 2Y")
    assert len(g.kept) == 1 and len(g.s_trash) == 1
    assert g.s_trash[0] in ("frenzy", "frenzy_2")
    assert any(t.startswith("frenzy") for t in texts(g, "shark"))
    do(g, "shark", "frenzy 3Y")
    assert g.kept == [] and sorted(g.s_trash) == ["frenzy", "frenzy_2"]
    assert not any(t.startswith("frenzy") for t in texts(g, "shark"))
    assert sorted(g.pool) == ["3R", "4Y"]


def test_s9_shark_side_is_public_to_every_viewer() -> None:
    """S-9: bag, pool, Energy, Growth, Hunger, display and kept cards are in every view."""
    g = roll_step(pool=["2Y", "6R"], hunger=["3B"])
    g.energy = from_supply(g, ["4B"])
    g.growth[0] = from_supply(g, ["5B"])
    keep(g, "lurk")
    for viewer in ("spectator", "octopus", "shark"):
        side = rules.view(g, viewer)["shark_side"]
        assert side["bag"] == g.bag and side["pool"] == g.pool
        assert side["energy"] == ["4B"] and side["hunger"] == ["3B"]
        assert side["growth"][0]["dice"] == ["5B"]
        assert [c["id"] if c else None for c in side["display"]] == g.display
        assert [c["id"] for c in side["kept"]] == ["lurk"]


# -- D-2 Shark cards ----------------------------------------------------------------------
def test_d2_frenzy_adds_one_to_a_die_max_six() -> None:
    """D-2 Frenzy: in Draw & Roll, +1 to one die; a 6 can't be raised; then trashed."""
    g = roll_step(pool=["3Y", "6R"])
    keep(g, "frenzy")
    legal = texts(g, "shark")
    assert "frenzy 3Y" in legal and "frenzy 6R" not in legal
    do(g, "shark", "frenzy 3Y")
    assert sorted(g.pool) == ["4Y", "6R"] and g.kept == [] and g.s_trash == ["frenzy"]


@pytest.mark.parametrize("seed", SEEDS)
def test_d2_sharp_eyes_rerolls_any_chosen_dice_once_each(seed: int) -> None:
    """D-2 Sharp Eyes: every non-empty set of pool dice is offered; the chosen dice are
    rerolled (colours kept), the others untouched; then the card is trashed."""
    g = roll_step(seed, pool=["1B", "2Y", "3R"])
    keep(g, "sharp_eyes")
    offered = {t for t in texts(g, "shark") if t.startswith("sharp_eyes")}
    assert len(offered) == 7
    ev = do(g, "shark", "sharp_eyes 1B 3R")
    assert "2Y" in g.pool and sorted(d[1] for d in g.pool) == ["B", "R", "Y"]
    rerolls = [e for e in ev if e["type"] == "reroll"]
    assert len(rerolls) == 1 and rerolls[0]["dice"][:2] == ["1B", "3R"]
    assert sorted(rerolls[0]["dice"][2:]) == sorted(d for d in g.pool if d[1] in "BR")
    assert g.kept == [] and g.s_trash == ["sharp_eyes"]
    assert not any(t.startswith("sharp_eyes") for t in texts(g, "shark"))


@pytest.mark.parametrize("seed", SEEDS)
def test_d2_riptide_draws_one_extra_die(seed: int) -> None:
    """D-2 Riptide: in Draw & Roll, draw and roll 1 more die from the bag; then trashed."""
    g = roll_step(seed, pool=["1B", "2Y"])
    keep(g, "riptide")
    n = sum(g.bag.values())
    do(g, "shark", "riptide")
    assert len(g.pool) == 3 and sum(g.bag.values()) == n - 1
    assert g.kept == [] and g.s_trash == ["riptide"]


def test_d2_riptide_needs_a_die_in_the_bag() -> None:
    """S-1/D-2: Riptide's extra die comes only if the bag holds one."""
    g = roll_step(pool=["1B", "2Y"])
    keep(g, "riptide")
    set_bag(g, 0, 0, 0)
    assert "riptide" not in texts(g, "shark")


def test_d2_second_wind_returns_the_top_hunger_die_to_the_bag() -> None:
    """D-2 Second Wind: the top (latest) Hunger die goes back to the bag; then trashed."""
    g = roll_step(pool=["1B"], hunger=["2B", "5R"])
    keep(g, "second_wind")
    red = g.bag["R"]
    do(g, "shark", "second_wind")
    assert g.hunger == ["2B"] and g.bag["R"] == red + 1
    assert g.kept == [] and g.s_trash == ["second_wind"]


@pytest.mark.parametrize("step", ["return", "store"])
def test_d2_second_wind_usable_any_time_in_the_turn(step: str) -> None:
    """D-2 Second Wind says "any time in your turn". That includes the start of Draw & Roll,
    while the bag is short and the Shark chooses Current dice to return (S-1), and the
    Energy step, while it chooses which pool dice to store (S-7)."""
    g = started(0)
    set_board(g, shells())
    if step == "return":
        set_bag(g, 0, 0, 0)
        g.dice_on = {3: "2B", 7: "5B"}
        from_supply(g, ["2B", "5B"])
        g.hunger = from_supply(g, ["4R"])
        keep(g, "second_wind")
        end_octopus_turn(g)
        assert rules.pending(g)["kind"] == "shark_return"
    else:
        shark_at_step(g, "assign", pool=["6R", "5Y", "1B"], at=2, energy=["2B"],
                      hunger=["4R"])
        keep(g, "second_wind")
        do(g, "shark", "go")
        assert rules.pending(g)["kind"] == "shark_store"
    assert "second_wind" in texts(g, "shark")
    do(g, "shark", "second_wind")
    assert g.hunger == [] and g.kept == []


def test_d2_burst_takes_one_more_step_to_an_empty_space() -> None:
    """D-2 Burst: after moving 1 → 2 (facing P(2,0)), one more step to 3 or 15; then
    trashed. `stop` keeps the card."""
    g = roll_step(pool=[], at=1, facing=1)
    keep(g, "burst")
    do(g, "shark", "step 2")
    assert sorted(texts(g, "shark")) == ["burst 15", "burst 3", "cancel", "stop"]
    do(g, "shark", "burst 15")
    assert g.shark_at == 15 and notation(g) == "15S"
    assert g.kept == [] and g.s_trash == ["burst"]
    g = roll_step(pool=[], at=1, facing=1)
    keep(g, "burst")
    do(g, "shark", "step 2", "stop")
    assert g.shark_at == 2 and g.kept == ["burst"]


def test_d2_lurk_stay_keeps_the_shark_in_place() -> None:
    """D-2 Lurk: "stay where you are this turn" counts as the Move; then trashed."""
    g = roll_step(pool=[], at=1, facing=1)
    keep(g, "lurk")
    do(g, "shark", "lurk stay")
    assert g.shark_at == 1 and notation(g) == "1E"
    assert g.kept == [] and g.s_trash == ["lurk"]
    assert g.turn == "octopus"


def test_d2_lurk_flip_turns_before_moving() -> None:
    """D-2 Lurk: flip the facing first, then move through the new faced end."""
    g = roll_step(pool=[], at=1, facing=1, board="night")
    keep(g, "lurk")
    assert 13 not in steps(g)
    do(g, "shark", "lurk flip")
    assert sorted(texts(g, "shark")) == ["cancel", "step 13"]
    do(g, "shark", "step 13")
    assert g.shark_at == 13 and notation(g) == "13S"
    assert g.kept == [] and g.s_trash == ["lurk"]


def test_d2_patrol_moves_a_current_die_to_another_empty_space_before_moving() -> None:
    """D-2 Patrol: before moving, one Current die moves to an empty space; then trashed;
    the Move is still to come."""
    g = roll_step(pool=[], at=1, facing=1)
    g.dice_on = {7: "4B"}
    from_supply(g, ["4B"])
    keep(g, "patrol")
    do(g, "shark", "patrol 7")
    targets = {int(t.split()[1]) for t in texts(g, "shark") if t.startswith("to ")}
    assert targets == set(range(1, 25)) - {1, 7}
    do(g, "shark", "to 9")
    assert g.dice_on == {9: "4B"}
    assert g.kept == [] and g.s_trash == ["patrol"]
    assert g.turn == "shark" and steps(g)


def test_d2_ambush_strike_die_counts_two_higher_once() -> None:
    """D-2 Ambush: a 4R may strike B2 (value 6 on the day board) only with Ambush; one die
    per card; the card is trashed at assignment; it does not help a Search die."""
    g = game_at_assign(shells(), ["4R", "2R", "3Y"], 5)
    keep(g, "ambush")
    legal = texts(g, "shark")
    assert "assign 4R B2 ambush" in legal and "assign 4R B2" not in legal
    assert "assign 2R B1 ambush" in legal and "assign 2R B1" not in legal
    assert "assign 3Y B1 ambush" not in legal and "assign 3Y B2 ambush" not in legal
    do(g, "shark", "assign 4R B2 ambush")
    assert "assign 2R B1 ambush" not in texts(g, "shark")
    do(g, "shark", "go")
    assert g.kept == [] and g.s_trash == ["ambush"]
    assert g.hunger == ["4R"]
    assert not g.hidden[4]  # B2 was struck (revealed)


def test_d2_sniff_search_die_counts_two_higher() -> None:
    """D-2 Sniff: a 4Y may search B2 (value 6 on the day board) only with Sniff; it does not
    help Strikes."""
    g = game_at_assign(shells(), ["4Y", "4R"], 5)
    keep(g, "sniff")
    legal = texts(g, "shark")
    assert "assign 4Y B2 sniff" in legal and "assign 4Y B2" not in legal
    assert "assign 4R B2 sniff" not in legal
    do(g, "shark", "assign 4Y B2 sniff", "go")
    assert not g.hidden[4] and g.growth[0] == ["4Y"]
    assert g.kept == [] and g.s_trash == ["sniff"]


def test_d2_relentless_assigns_one_more_die_to_a_resolved_zone() -> None:
    """D-2 Relentless: after 4Y searched B1, a pool 4R may be assigned to B1 too; it is
    resolved as a Strike on the now revealed shell (a miss, then Hunger)."""
    g = game_at_assign(shells(), ["4Y", "4R"], 2)
    keep(g, "relentless")
    do(g, "shark", "assign 4Y B1", "go")
    assert not g.hidden[1]
    assert sorted(texts(g, "shark")) == ["done", "relentless 4R B1"]
    do(g, "shark", "relentless 4R B1")
    assert g.hunger == ["4R"] and g.kept == [] and g.s_trash == ["relentless"]


def test_d2_keen_senses_peeks_unassigned_zones_seen_only_by_the_shark() -> None:
    """D-2 Keen Senses: after assigning, the Shark sees the hidden block in each adjacent
    zone without a die; it is not revealed and a trap does not trigger; the peek is in the
    Shark's view only (I-2, I-3)."""
    g = game_at_assign(shells(B2="stinger"), ["6R"], 5)
    keep(g, "keen_senses")
    do(g, "shark", "assign 6R B1")
    assert "go keen_senses" in texts(g, "shark")
    ev = do(g, "shark", "go keen_senses")
    assert g.hidden[4] and g.zones[4] == "stinger"
    assert not [e for e in ev if e["type"] == "trap"]
    assert g.hunger == ["6R"]  # only the Strike's miss
    assert g.s_trash == ["keen_senses"]
    peeks = rules.view(g, "shark")["shark_side"]["peeks"]
    assert [(p["zone"], p["block"]) for p in peeks] == [("B2", "stinger")]
    for viewer in ("spectator", "octopus"):
        assert "peeks" not in rules.view(g, viewer)["shark_side"]
    peek = next(e for e in ev if e["type"] == "peek")
    assert rules.event_view(peek, "shark")["block"] == "stinger"
    assert "block" not in rules.event_view(peek, "spectator")
    assert "stinger" not in str(rules.event_view(peek, "spectator"))
    spect = {z["zone"]: z for z in rules.view(g, "spectator")["zones"]}
    assert spect["B2"]["block"] is None


def test_d2_keen_senses_peeked_zone_cannot_be_struck_this_turn() -> None:
    """D-2 Keen Senses: a peeked block may not be searched or struck this turn (even by a
    Relentless die)."""
    g = game_at_assign(shells(B2="octopus"), ["6R", "5R"], 5)
    keep(g, "keen_senses", "relentless")
    do(g, "shark", "assign 6R B1", "go keen_senses")
    assert not any("B2" in t for t in texts(g, "shark"))
    assert g.hidden[4]


# -- D-3 Growth tiles ---------------------------------------------------------------------
@pytest.mark.parametrize("seed", SEEDS)
def test_d3_tile1_one_reroll_per_turn(seed: int) -> None:
    """D-3 tile 1: once per turn in Draw & Roll, reroll one die (colour kept)."""
    g = roll_step(seed, pool=["1B", "2Y"])
    assert not any(t.startswith("reroll") for t in texts(g, "shark"))
    g.flipped[0] = True
    g._cache = {}
    assert {"reroll 1B", "reroll 2Y"} <= set(texts(g, "shark"))
    do(g, "shark", "reroll 2Y")
    assert "1B" in g.pool and sorted(d[1] for d in g.pool) == ["B", "Y"]
    assert not any(t.startswith("reroll") for t in texts(g, "shark"))


@pytest.mark.parametrize("seed", SEEDS)
def test_d3_tile3_one_more_reroll_same_die_allowed(seed: int) -> None:
    """D-3 tile 3: one more reroll per turn, the same die again allowed (FAQ)."""
    g = roll_step(seed, pool=["1B", "2Y"])
    g.flipped = [True, True, True, False]
    do(g, "shark", "reroll 2Y")
    again = next(d for d in g.pool if d[1] == "Y")
    assert f"reroll {again}" in texts(g, "shark")
    do(g, "shark", f"reroll {again}")
    assert not any(t.startswith("reroll") for t in texts(g, "shark"))


def test_d3_tile4_plus_one_once_per_turn_max_six() -> None:
    """D-3 tile 4: once per turn, +1 to one pool die; a 6 can't be raised."""
    g = roll_step(pool=["6B", "2Y"])
    g.flipped = [True] * 4
    legal = texts(g, "shark")
    assert "bump 2Y" in legal and "bump 6B" not in legal
    do(g, "shark", "bump 2Y")
    assert sorted(g.pool) == ["3Y", "6B"]
    assert not any(t.startswith("bump") for t in texts(g, "shark"))


def test_d3_tile_abilities_apply_only_once_flipped() -> None:
    """D-3/S-6: no tile ability before its tile flips (no reroll, no +1)."""
    g = roll_step(pool=["1B", "2Y"])
    legal = texts(g, "shark")
    assert not any(t.startswith(("reroll", "bump")) for t in legal)
