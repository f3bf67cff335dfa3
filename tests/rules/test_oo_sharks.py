"""Offshore Offspring's Sharks: Juvenile Sharks and several Sharks moving, wounds and the
Wound boards, Hunger tokens, the new Growth tiles and Shark cards
(kelp-spec.md OO-8, OO-9, OO-10, OO-12, OO-15)."""

from __future__ import annotations

import rules
from rules.data import ZONE_INDEX
from tests.rules.oo_positions import (
    add_juvenile_shark,
    flip_growth,
    oo_at_assign,
    oo_started,
)
from tests.rules.positions import do, keep, set_board, settle, texts
from tests.rules.shark_setup import (
    events_of,
    from_supply,
    pending_seats,
    shark_at_step,
    shells,
)

BOARD = shells(C3="octopus", A3="deal_wound")


def _two_sharks(pool: list[str] | None = None) -> rules.Game:
    """Mother on 4 facing east (P(1,1)), a Juvenile Shark on 5; the Shark is to move."""
    g = oo_started(1)
    set_board(g, BOARD)
    shark_at_step(g, "roll", pool=pool or ["1B", "1B"], at=4, facing=1)
    add_juvenile_shark(g, 5, 1)
    return g


# -- OO-8 ----------------------------------------------------------------------------------
def test_oo_8_every_shark_moves_in_the_sharks_order() -> None:
    g = _two_sharks()
    roots = texts(g, "shark")
    assert "shark mother" in roots and "shark j1" in roots
    assert not any(t.startswith("step") for t in roots)
    do(g, "shark", "shark j1", "step 6")
    assert g.juv_sharks == [["j1", 6, 1]] and g.step == "moving"
    assert "shark j1" not in texts(g, "shark")
    assert any(t.startswith("step") for t in texts(g, "shark"))
    do(g, "shark", "step 5")
    assert g.shark_at == 5 and g.step not in ("moving", "roll", "place")


def test_oo_8_sharks_cannot_swim_over_each_other_before_growth_tile_2() -> None:
    g = _two_sharks()
    do(g, "shark", "shark mother")
    assert "step 5" not in texts(g, "shark")
    assert sorted(texts(g, "shark")) == ["cancel", "step 14", "step 18"]


def test_oo_9_after_growth_tile_2_sharks_swim_over_each_other_but_never_stop_there() -> None:
    g = _two_sharks()
    flip_growth(g, 2)
    do(g, "shark", "shark mother")
    assert "step 5" in texts(g, "shark")
    do(g, "shark", "step 5")
    assert sorted(texts(g, "shark")) == ["cancel", "step 15", "step 19", "step 6"]
    growth = [list(t) for t in g.growth]
    do(g, "shark", "step 6")
    assert g.shark_at == 6 and g.growth == growth  # a Shark's space never goes to Growth


def test_oo_9_the_shark_space_is_ignored_by_the_decreasing_check() -> None:
    g = _two_sharks()
    flip_growth(g, 2)
    g.dice_on[18] = "3B"  # not on the way
    g.dice_on[6] = "4B"   # after the Juvenile: 4 < 7 — the Shark's space is not a value
    g.supply_dice["B"] -= 2
    do(g, "shark", "shark mother", "step 5", "step 6")
    assert sorted(texts(g, "shark")) == ["cancel", "step 16", "step 20"]


def test_oo_8_only_the_first_current_swum_over_in_a_turn_goes_to_growth() -> None:
    g = _two_sharks()
    for s, d in {14: "5B", 15: "4B", 6: "3B", 2: "2B"}.items():
        g.dice_on[s] = d
        g.supply_dice["B"] -= 1
    g._cache = {}
    # The Juvenile on 5 faces P(2,1): 6 (3B) → P(3,1) → 16 (a den, empty).
    do(g, "shark", "shark j1", "step 6", "step 16")
    assert [d for t in g.growth for d in t] == ["3B"] and 6 not in g.dice_on
    # The Mother on 4 faces P(1,1): 14 (5B) → P(1,0) → 2 (2B) → P(2,0) → 3.
    do(g, "shark", "step 14", "step 2", "step 3")
    assert g.shark_at == 3
    assert g.dice_on[14] == "5B" and g.dice_on[2] == "2B"
    assert [d for t in g.growth for d in t] == ["3B"]


def test_oo_8_a_juvenile_shark_enters_on_a_den_free_from_a_hunger_token() -> None:
    g = oo_started(2)
    set_board(g, BOARD)
    shark_at_step(g, "roll", pool=["2B", "3B"], at=1)
    g.oo["held"] = ["gain_a_juvenile"]
    g.dice_on[12] = "4B"
    g.supply_dice["B"] -= 1
    g._cache = {}
    do(g, "shark", "token gain_a_juvenile")
    assert sorted(texts(g, "shark")) == ["at 12", "at 16", "at 21", "cancel"]
    bag = g.bag["B"]
    do(g, "shark", "at 12")
    assert g.juv_sharks == [["j1", 12, None]] and 12 not in g.dice_on and g.bag["B"] == bag + 1
    assert g.oo["held"] == [] and g.oo["juv_left"] == 1
    assert {"shark mother", "shark j1"} <= set(texts(g, "shark"))
    v = rules.view(g, "spectator")
    assert [s["notation"] for s in v["sharks"]] == ["1*", "12*"]


def test_oo_8_each_shark_assigns_to_its_own_zones_and_names_the_owner_when_shared() -> None:
    g = oo_at_assign(BOARD, ["6Y", "6R"], 4, facing=1)  # Mother: A1, A2
    add_juvenile_shark(g, 14, 0)  # A1, B1
    opts = texts(g, "shark")
    assert "assign 6Y B1" in opts and "assign 6Y A2" in opts and "assign 6Y C3" not in opts
    do(g, "shark", "assign 6Y A1")
    assert sorted(texts(g, "shark")) == ["cancel", "shark j1", "shark mother"]
    do(g, "shark", "shark j1", "assign 6R B1", "go")
    assert g.assigned == [] or all(len(a) == 4 for a in g.assigned)


# -- OO-12 ---------------------------------------------------------------------------------
def test_oo_12_a_wounded_juvenile_shark_leaves_the_game() -> None:
    g = oo_at_assign(shells(C3="octopus", B1="deal_wound"), ["6Y", "6R"], 21, facing=0)
    j = add_juvenile_shark(g, 14, 0)  # A1, B1; the Mother on 21 is next to A3 only
    do(g, "shark", "assign 6Y B1", "assign 6R A3", "go")
    assert [a[3] for a in g.assigned] == [j, "mother"]
    ev = do(g, "shark", "resolve B1")
    assert g.juv_sharks == [] and g.oo["juv_left"] == 1
    assert g.oo["wounds"]["mother"] == 0
    assert events_of(ev, "shark_removed")[0]["shark"] == j
    assert g.winner is None
    v = rules.view(g, "spectator")
    assert [s["name"] for s in v["sharks"]] == ["mother"]


def test_oo_8_a_shark_leaving_play_returns_its_unresolved_dice() -> None:
    g = oo_at_assign(shells(C3="octopus", B1="deal_wound"), ["6Y", "6R"], 21, facing=0)
    add_juvenile_shark(g, 14, 0)
    do(g, "shark", "assign 6Y B1", "assign 6R A1", "go")
    red = g.bag["R"]
    do(g, "shark", "resolve B1")
    assert g.juv_sharks == [] and g.assigned == [] and g.bag["R"] == red + 1
    assert g.hidden[0]


def test_oo_12_the_third_wound_kills_the_mother_juveniles_play_on() -> None:
    g = oo_at_assign(shells(C3="octopus", B1="deal_wound"), ["6Y"], 5)
    add_juvenile_shark(g, 21, None)
    a, b = g.oo["boards"]
    g.oo["wounds"] = {"mother": 1, a: 1, b: 0}
    do(g, "shark", "assign 6Y B1", "go")
    assert g.shark_at is None and g.winner is None
    assert events_of(g.last_events, "shark_removed")[0]["shark"] == "mother"
    assert rules.view(g, "spectator")["offspring"]["mother_alive"] is False


def _focused(g: rules.Game) -> None:
    boards = list(g.oo["boards"])
    if "focused_hunter" not in boards:
        g.oo["boards"] = ["focused_hunter", boards[0]]
        g.oo["wounds"] = {"mother": 0, "focused_hunter": 0, boards[0]: 0}


def test_oo_12_focused_hunter_activates_peeks_and_the_six_on_the_centre() -> None:
    g = oo_at_assign(shells(C3="octopus", B1="deal_wound"), ["6Y"], 5)
    _focused(g)
    do(g, "shark", "assign 6Y B1", "go", "wound focused_hunter")
    assert g.oo["peeks"] == 2 and g.oo["six"] == ZONE_INDEX["B2"]
    v = rules.view(g, "spectator")["offspring"]
    assert v["six_token"] == "B2" and v["peeks"] == 2


def test_oo_12_focused_hunter_six_leaves_after_a_6_is_used_there() -> None:
    g = oo_at_assign(shells(C3="octopus"), ["5Y", "6Y"], 5)
    _focused(g)
    g.oo["wounds"]["focused_hunter"] = 1
    g.oo["six"] = ZONE_INDEX["B2"]
    g._cache = {}
    assert "assign 5Y B2" not in texts(g, "shark")  # B2 is worth 6 now
    do(g, "shark", "assign 6Y B2", "assign 5Y B1", "go")
    assert g.oo["six"] is not None  # assigned, not yet resolved
    ev = do(g, "shark", "resolve B1")  # then the last die, in B2, resolves by itself
    kinds = [e["type"] for e in ev]
    assert kinds.index("six_token") > kinds.index("reveal")
    assert g.oo["six"] is None
    assert events_of(g.last_events, "six_token")


def test_oo_12_peek_looks_at_a_hidden_block_next_to_a_shark_with_no_die() -> None:
    g = oo_at_assign(shells(C3="octopus", A1="deal_wound"), ["6Y"], 5)
    _focused(g)
    g.oo["wounds"]["focused_hunter"] = 1
    g.oo["peeks"] = 2
    add_juvenile_shark(g, 1, None)  # A1
    do(g, "shark", "assign 6Y B1", "go")
    assert g.step == "peek"
    assert sorted(texts(g, "shark")) == ["peek A1", "peek B2", "stop"]
    ev = do(g, "shark", "peek A1")
    assert g.oo["peeks"] == 1 and ZONE_INDEX["A1"] in g.protected
    assert rules.event_view(events_of(ev, "peek")[0], "shark")["block"] == "deal_wound"
    assert "block" not in rules.event_view(events_of(ev, "peek")[0], "spectator")
    assert g.zones[0] == "deal_wound" and g.hidden[0]
    do(g, "shark", "stop")
    assert g.step != "peek"


def _reckless(g: rules.Game) -> None:
    boards = list(g.oo["boards"])
    if "reckless_abandon" not in boards:
        other = next(b for b in boards if b != "reckless_abandon")
        g.oo["boards"] = sorted(["reckless_abandon", other])
        g.oo["wounds"] = {"mother": 0, "reckless_abandon": 1, other: 0}
    else:
        g.oo["wounds"]["reckless_abandon"] = 1
    g._cache = {}


def test_oo_12_reckless_abandon_boosts_a_strike_on_a_hidden_block_and_wounds_on_escape() -> None:
    g = oo_at_assign(shells(B1="octopus", C3="juvenile"), ["3R"], 5)
    _reckless(g)
    assert "assign 3R B1 reckless_abandon" in texts(g, "shark")
    assert "assign 3R B1" not in texts(g, "shark")
    do(g, "shark", "assign 3R B1 reckless_abandon", "go")
    do(g, "octopus", "colour yellow")
    do(g, "shark", "colour red")
    do(g, "octopus", "skip")
    before = sum(g.oo["wounds"].values())
    if pending_seats(g) == ["shark"]:
        do(g, "shark", texts(g, "shark")[0])
    assert sum(g.oo["wounds"].values()) == before + 1


def test_oo_12_reckless_abandon_only_once_per_turn_and_only_on_hidden_blocks() -> None:
    g = oo_at_assign(shells(B1="octopus", C3="juvenile"), ["3R", "4R"], 5, revealed=("B2",))
    _reckless(g)
    assert "assign 3R B2 reckless_abandon" not in texts(g, "shark")
    do(g, "shark", "assign 3R B1 reckless_abandon")
    assert not any(t.endswith("reckless_abandon") for t in texts(g, "shark"))


def _adrenaline(seed: int) -> rules.Game:
    g = oo_started(seed)
    set_board(g, BOARD)
    boards = list(g.oo["boards"])
    other = next(b for b in boards if b != "adrenaline_rush")
    g.oo["boards"] = sorted(["adrenaline_rush", other])
    g.oo["wounds"] = {"mother": 0, "adrenaline_rush": 1, other: 0}
    shark_at_step(g, "roll", pool=["2B", "3B"], at=1, energy=["5R"])
    return g


def test_oo_12_adrenaline_rush_rerolls_a_strike_die_from_energy_1_2_goes_to_hunger() -> None:
    seen = set()
    for seed in range(40):
        g = _adrenaline(seed)
        assert "adrenaline 5R" in texts(g, "shark")
        ev = do(g, "shark", "adrenaline 5R")
        new = events_of(ev, "adrenaline")[0]["dice"][1]
        assert g.energy == []
        if int(new[0]) <= 2:
            assert g.hunger == [new] and new not in g.pool
            seen.add("hunger")
        else:
            assert new in g.pool and g.hunger == []
            seen.add("pool")
        assert "adrenaline 5R" not in texts(g, "shark")
    assert seen == {"hunger", "pool"}


# -- OO-10 ---------------------------------------------------------------------------------
def test_oo_10_hunger_tokens_are_gained_when_the_track_first_holds_1_to_4_dice() -> None:
    g = oo_at_assign(BOARD, ["6R"], 5)
    g.hunger = from_supply(g, ["1B", "2B"])
    g.oo["hunger_gained"] = 2
    g.oo["held"] = []
    keep(g, "second_wind")
    do(g, "shark", "second_wind")
    assert len(g.hunger) == 1
    do(g, "shark", "assign 6R B1", "go")  # a miss: the die goes to Hunger (2 again)
    assert g.oo["held"] == [] and g.oo["hunger_gained"] == 2
    g2 = oo_at_assign(BOARD, ["6R"], 5)
    ev = do(g2, "shark", "assign 6R B1", "go")
    assert g2.oo["held"] == ["increase_a_die_by_1"]
    assert events_of(ev, "hunger_token")[0]["token"] == "increase_a_die_by_1"


def test_oo_10_gain_a_strike_die_takes_a_red_die_from_the_supply() -> None:
    g = oo_at_assign(BOARD, ["6R"], 5)
    g.oo["held"] = ["gain_a_strike_die"]
    red = g.bag["R"]
    do(g, "shark", "token gain_a_strike_die")
    assert g.bag["R"] == red + 1 and g.oo["held"] == []


def test_oo_10_increase_a_die_by_1_in_draw_and_roll() -> None:
    g = oo_started(3)
    set_board(g, BOARD)
    shark_at_step(g, "roll", pool=["2B", "6Y"], at=1)
    g.oo["held"] = ["increase_a_die_by_1"]
    do(g, "shark", "token increase_a_die_by_1")
    assert texts(g, "shark") == ["bump 2B", "cancel"]
    do(g, "shark", "bump 2B")
    assert sorted(g.pool) == ["3B", "6Y"]


# -- OO-9 / OO-15 --------------------------------------------------------------------------
def test_oo_9_growth_tile_1_rerolls_doubles_without_using_up_a_reroll() -> None:
    g = oo_started(4)
    set_board(g, BOARD)
    shark_at_step(g, "roll", pool=["3B", "3Y", "5R"], at=1)
    flip_growth(g, 1)
    opts = texts(g, "shark")
    assert "double 3B 3Y" in opts and "double 3B" in opts and "double 5R" not in opts
    do(g, "shark", "double 3B 3Y")
    assert g.tf.get("rerolls", 0) == 0


def test_oo_15_nursery_gains_a_juvenile_shark() -> None:
    g = oo_at_assign(BOARD, ["6R"], 5)
    keep(g, "nursery")
    do(g, "shark", "nursery", "at 16")
    assert g.juv_sharks == [["j1", 16, None]] and "nursery" in g.s_trash


def test_oo_15_bloodlust_adds_one_to_a_strike_die() -> None:
    g = oo_started(4)
    set_board(g, BOARD)
    shark_at_step(g, "roll", pool=["3B", "4R"], at=1)
    keep(g, "bloodlust")
    assert "bloodlust 4R" in texts(g, "shark") and "bloodlust 3B" not in texts(g, "shark")
    assert not any(t.startswith("frenzy") for t in texts(g, "shark"))
    do(g, "shark", "bloodlust 4R")
    assert "5R" in g.pool


def test_oo_15_powerful_places_a_shark_next_to_another_instead_of_its_move() -> None:
    g = _two_sharks()
    keep(g, "powerful")
    assert "powerful mother" in texts(g, "shark") and "powerful j1" in texts(g, "shark")
    do(g, "shark", "powerful j1")
    at = sorted(t for t in texts(g, "shark") if t.startswith("at"))
    assert "at 18" in at and "at 5" not in at and "at 4" not in at
    do(g, "shark", "at 18", "face s")
    assert g.juv_sharks == [["j1", 18, 1]] and g.step == "moving"
    assert "powerful" in g.s_trash
    assert not any(t.startswith("powerful") for t in texts(g, "shark"))


def test_oo_15_pack_hunt_lets_a_zone_next_to_two_sharks_take_a_search_and_a_strike() -> None:
    g = oo_at_assign(shells(C3="octopus", A1="deal_wound"), ["6Y", "6R"], 4, facing=1)
    add_juvenile_shark(g, 14, 0)  # both next to A1
    keep(g, "pack_hunt")
    do(g, "shark", "assign 6Y A1", "shark mother")
    assert "assign 6R A1 pack_hunt" in texts(g, "shark")
    assert "assign 6R A1" not in texts(g, "shark")
    do(g, "shark", "assign 6R A1 pack_hunt", "go")
    assert "pack_hunt" in g.s_trash
    assert sorted((a[1], a[3]) for a in g.assigned) == [("6R", "j1"), ("6Y", "mother")]
    v = rules.view(g, "spectator")["shark_side"]["assigned"]
    assert {x["shark"] for x in v} == {"mother", "j1"}


def test_oo_15_decisive_redraws_after_drawing_and_before_rolling() -> None:
    g = oo_started(5)
    set_board(g, BOARD)
    keep(g, "decisive")
    shark_at_step(g, "start")
    settle(g)
    assert g.step == "drawn" and g.pool == [] and len(g.oo["drawn"]) == 2
    assert sorted(texts(g, "shark")) == ["decisive", "roll"]
    assert rules.view(g, "spectator")["offspring"]["drawn"] == g.oo["drawn"]
    bag = sum(g.bag.values())
    ev = do(g, "shark", "decisive")
    assert "decisive" in g.s_trash and len(g.pool) == 2 and g.oo["drawn"] == []
    assert sum(g.bag.values()) == bag and g.step == "roll"
    assert [e["type"] for e in ev][-2:] == ["drawn", "roll"]


def test_oo_8_a_juvenile_entering_after_the_move_does_not_move_but_may_strike() -> None:
    g = oo_at_assign(shells(C3="octopus", C1="deal_wound"), ["6R"], 5)
    g.oo["held"] = ["gain_a_juvenile"]
    g._cache = {}
    do(g, "shark", "token gain_a_juvenile", "at 16")
    assert "j1" in g.tf["moved"]
    assert "assign 6R C1" in texts(g, "shark")  # next to the new Juvenile on den 16
