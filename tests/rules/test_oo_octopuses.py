"""Offshore Offspring: Event cards, Juveniles, eating Octopuses, confrontation, the end
(kelp-spec.md OO-2, OO-3, OO-11, OO-13, OO-14)."""

from __future__ import annotations

from collections import Counter

import rules
from tests.rules.oo_positions import octopus_draw_pile, oo_at_assign, oo_started
from tests.rules.positions import do, set_board, texts
from tests.rules.shark_setup import events_of, pending_kind, pending_seats, shells

BOARD = {"A1": "octopus", "B1": "shell", "C1": "shell", "A2": "shell", "B2": "deal_wound",
         "C2": "shell", "A3": "shell", "B3": "shell", "C3": "shell"}


def _drawn_mid_draw() -> tuple[rules.Game, list[dict]]:
    g = oo_started(1)
    set_board(g, BOARD, revealed=["C1"])
    octopus_draw_pile(g, ["fast_learning"],
                      ["jet", "jet_2", "offspring_arriving", "curiosity", "stir_the_sand"])
    return g, rules.apply(g, "octopus", "draw")


def test_oo_2_offspring_arriving_drawn_mid_draw_the_draw_goes_on_then_it_resolves() -> None:
    g, ev = _drawn_mid_draw()
    # The draw produced the 3 cards it called for, skipping the Event card.
    assert sorted(g.hand) == sorted(["fast_learning", "stir_the_sand", "curiosity", "jet_2"])
    assert g.draw == ["jet"]
    assert "offspring_arriving" not in g.hand
    assert events_of(ev, "event_card")[0]["card"] == "offspring_arriving"
    assert [e["type"] for e in ev].index("event_card") < [e["type"] for e in ev].index("draw")
    # Its choices are a pending decision of the Octopus.
    assert pending_kind(g) == "event" and pending_seats(g) == ["octopus"]
    assert "skip" in texts(g, "octopus") and "with B1" in texts(g, "octopus")


def test_oo_2_offspring_arriving_makes_the_mother_a_juvenile_and_adds_another() -> None:
    g, _ = _drawn_mid_draw()
    do(g, "octopus", "skip")
    # A revealed shell is preferred: C1 is the only choice.
    assert texts(g, "octopus") == ["replace C1"]
    do(g, "octopus", "replace C1")
    track = next(iter(g.oo["tracks"]))
    do(g, "octopus", f"track {track}", "skip")
    assert g.zones[0] == "juvenile" and not g.hidden[0]
    assert g.zones[2] == "juvenile" and not g.hidden[2]
    assert Counter(g.zones)["juvenile"] == 2 and "octopus" not in g.zones
    assert g.oo["tracks"][track] == 1
    assert g.discard == ["juvenile"] and g.o_trash == ["offspring_arriving"]
    assert g.oo["aside"] == [] and g.oo["resolving"] == []
    assert pending_kind(g) == "octopus_turn" and g.actions == 1


def test_oo_2_a_new_juvenile_may_be_shuffled_with_a_hidden_block() -> None:
    g, _ = _drawn_mid_draw()
    do(g, "octopus", "with B3", "replace C1", f"track {next(iter(g.oo['tracks']))}", "with A3")
    v = rules.view(g, "shark")
    by = {z["zone"]: z for z in v["zones"]}
    assert by["A1"]["hidden"] and by["B3"]["hidden"]
    assert "juvenile" in by["A1"]["candidates"] and "juvenile" in by["B3"]["candidates"]
    assert "juvenile" in by["C1"]["candidates"] and "juvenile" in by["A3"]["candidates"]
    assert Counter(g.zones)["juvenile"] == 2
    for s in range(6):
        r = rules.resample(g, "shark", s)
        assert Counter(r.zones) == Counter(g.zones)
        assert rules.view(r, "shark") == v


def test_oo_2_juvenile_card_takes_a_hidden_shell_when_none_is_revealed() -> None:
    g = oo_started(2)
    set_board(g, {**BOARD, "A1": "juvenile"}, revealed=["A1"])
    octopus_draw_pile(g, ["fast_learning"], ["jet", "juvenile", "curiosity"])
    do(g, "octopus", "draw")
    opts = texts(g, "octopus")
    assert {o for o in opts if o.startswith("replace")} == {
        f"replace {z}" for z, k in BOARD.items() if k == "shell"}
    do(g, "octopus", "replace B1", f"track {next(iter(g.oo['tracks']))}", "skip")
    assert g.zones[1] == "juvenile" and g.hidden[1]
    v = rules.view(g, "spectator")
    assert v["zones"][1]["candidates"] == ["juvenile"]
    assert g.o_trash == ["juvenile"] and "juvenile" not in g.hand


def test_oo_2_juvenile_replaces_a_trap_when_no_shell_is_on_the_board() -> None:
    g = oo_started(2)
    board = {z: "juvenile" for z in BOARD}
    board.update({"A1": "octopus", "B2": "deal_wound", "C3": "swap_2_blocks"})
    g.supply["swap_2_blocks"] = 0
    set_board(g, board, revealed=list(board))
    octopus_draw_pile(g, ["fast_learning"], ["jet", "juvenile"])
    do(g, "octopus", "draw")
    assert {o for o in texts(g, "octopus") if o.startswith("replace")} == {"replace B2",
                                                                           "replace C3"}
    do(g, "octopus", "replace C3")
    assert g.zones[8] == "juvenile" and g.supply["swap_2_blocks"] == 1


def test_oo_2_sea_snail_may_take_an_event_card_which_resolves_at_once() -> None:
    g = oo_started(3)
    set_board(g, BOARD, revealed=["C1"])
    octopus_draw_pile(g, ["fast_learning"], ["offspring_arriving", "jet", "curiosity"])
    g.banked = ["sea_snail"]
    g._cache = {}
    do(g, "octopus", "food sea_snail")
    assert "take offspring_arriving draw" in texts(g, "octopus")
    ev = do(g, "octopus", "take offspring_arriving draw")
    assert events_of(ev, "event_card")[0]["card"] == "offspring_arriving"
    assert "offspring_arriving" not in g.hand
    assert pending_kind(g) == "event"


def test_oo_3_juvenile_struck_is_eaten_red_die_to_supply_shell_replaces_it() -> None:
    g = oo_at_assign(shells(B1="juvenile", C3="octopus"), ["6R"], 5)
    supply_r = g.supply_dice["R"]
    ev = do(g, "shark", "assign 6R B1", "go")
    assert not events_of(ev, "confront")
    assert events_of(ev, "octopus_eaten")
    assert g.zones[1] == "shell" and not g.hidden[1]
    assert g.supply_dice["R"] == supply_r + 1 and g.hunger == []
    assert g.phase != "over" and g.conf["octopus"] == ["red", "yellow", "turquoise"]


def test_oo_13_shell_returns_from_a_track_of_the_octopus_choice() -> None:
    g = oo_at_assign(shells(B1="juvenile", C3="octopus"), ["6R"], 5)
    a, b = list(g.oo["tracks"])
    g.oo["tracks"] = {a: 2, b: 3}
    do(g, "shark", "assign 6R B1", "go")
    assert pending_kind(g) == "shell_back" and pending_seats(g) == ["octopus"]
    assert sorted(texts(g, "octopus")) == sorted([f"from {a}", f"from {b}"])
    do(g, "octopus", f"from {b}")
    assert g.oo["tracks"] == {a: 2, b: 2}


def test_oo_14_the_last_octopus_eaten_the_shark_wins() -> None:
    g = oo_at_assign(shells(B1="juvenile"), ["6R"], 5)
    do(g, "shark", "assign 6R B1", "go")
    assert g.winner == "shark" and g.win_reason == "no_octopus"


def test_oo_11_only_adults_confront_and_a_won_confrontation_eats_without_trashing() -> None:
    g = oo_at_assign(shells(B1="octopus", C3="juvenile"), ["6R"], 5)
    supply_r = g.supply_dice["R"]
    do(g, "shark", "assign 6R B1", "go")
    assert pending_kind(g) == "confront"
    do(g, "octopus", "colour red")
    do(g, "shark", "colour red")
    assert g.phase != "over"
    assert g.zones[1] == "shell" and g.conf["octopus"] == ["red", "yellow", "turquoise"]
    assert g.conf["shark"] == ["red", "yellow", "turquoise"]
    assert g.supply_dice["R"] == supply_r + 1 and g.hunger == []


def test_oo_11_winning_the_confrontation_against_the_last_octopus_wins_the_game() -> None:
    g = oo_at_assign(shells(B1="octopus"), ["6R"], 5)
    do(g, "shark", "assign 6R B1", "go")
    do(g, "octopus", "colour yellow")
    do(g, "shark", "colour yellow")
    assert g.winner == "shark" and g.win_reason == "no_octopus"


def test_oo_11_red_fight_wounds_the_striking_shark() -> None:
    g = oo_at_assign(shells(B1="octopus"), ["6R"], 5)
    do(g, "shark", "assign 6R B1", "go")
    do(g, "octopus", "colour red")
    do(g, "shark", "colour yellow")
    assert pending_kind(g) == "escape_use"
    do(g, "octopus", "use")
    assert pending_seats(g) == ["shark"]
    boards = g.oo["boards"]
    assert sorted(texts(g, "shark")) == sorted(["wound mother", *(f"wound {b}" for b in boards)])
    do(g, "shark", "wound mother")
    assert g.oo["wounds"]["mother"] == 1
    assert g.conf["octopus"] == ["yellow", "turquoise"] and len(g.hunger) == 1


def test_oo_12_third_wound_kills_the_mother_and_with_no_shark_left_the_octopus_wins() -> None:
    g = oo_at_assign(shells(B1="octopus"), ["6R"], 5)
    a, b = g.oo["boards"]
    g.oo["wounds"] = {"mother": 1, a: 1, b: 0}
    do(g, "shark", "assign 6R B1", "go")
    do(g, "octopus", "colour red")
    do(g, "shark", "colour yellow")
    do(g, "octopus", "use")
    assert g.shark_at is None
    assert g.winner == "octopus" and g.win_reason == "sharks_removed"
