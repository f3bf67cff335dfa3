"""Offshore Offspring: the Eat pile, Escape to Safety and the module's traps
(kelp-spec.md OO-6, OO-7, OO-14)."""

from __future__ import annotations

import rules
from tests.rules.oo_positions import octopus_draw_pile, oo_at_assign, oo_started
from tests.rules.positions import do, octopus_turn, set_board, texts
from tests.rules.shark_setup import events_of, pending_kind, pending_seats, shells


def _learner(top: str, *, revealed: tuple[str, ...] = ("C1", "B3"),
             blocks: dict[str, str] | None = None) -> rules.Game:
    g = oo_started(4)
    set_board(g, blocks or shells(A1="octopus", B2="deal_wound"), revealed=revealed)
    pile = g.piles["eat"]
    pile.remove(top)
    pile.append(top)
    octopus_draw_pile(g, ["study", "fast_learning"], ["jet", "jet_2"])
    g.piles["learn"] = [c for c in g.piles["learn"] if c != "study"]
    octopus_turn(g)
    return g


def test_oo_6_a_learned_food_replaces_a_revealed_shell_if_there_is_one() -> None:
    g = _learner("eat_crab", revealed=("C1", "B3", "B2"))
    do(g, "octopus", "play fast_learning", "learn eat")
    assert sorted(t for t in texts(g, "octopus") if t.startswith("replace")) == [
        "replace B3", "replace C1"]


def test_oo_6_one_eat_card_per_turn_the_next_flips_at_the_end_of_the_turn() -> None:
    g = _learner("eat_crab")
    track = next(iter(g.oo["tracks"]))
    do(g, "octopus", "play study", "pay A2", "learn eat", "replace C1", f"track {track}")
    assert "learn eat" not in texts(g, "octopus")  # Study's second item: not the Eat pile
    do(g, "octopus", "learn hide")
    assert g.zones[2] == "crab" and g.oo["tracks"][track] == 1
    v = rules.view(g, "shark")["octopus_side"]["piles"]["eat"]
    assert v["top"] is None and v["face_up"] is False
    do(g, "octopus", "play fast_learning")
    assert "learn eat" not in texts(g, "octopus")
    do(g, "octopus", "learn move")
    assert g.turn == "shark"
    v = rules.view(g, "shark")["octopus_side"]["piles"]["eat"]
    assert v["face_up"] is True and v["top"] == g.piles["eat"][-1]


def test_oo_6_escape_to_safety_learned_covers_a_free_den_sharks_cannot_use_it() -> None:
    g = _learner("escape_to_safety")
    g.piles["eat"] = ["escape_to_safety"]
    do(g, "octopus", "play fast_learning", "learn eat")
    dens = sorted(t for t in texts(g, "octopus") if t.startswith("route"))
    assert dens == ["route 12", "route 16", "route 21"]  # the Shark is on den 1
    do(g, "octopus", "route 16")
    assert g.oo["route"] == 16 and "escape_to_safety" in g.hand
    assert rules.view(g, "spectator")["offspring"]["escape_route"] == 16
    from rules.shark import empty, steps_from

    assert not empty(g, 16)
    assert all(t != 16 for t, _, _ in steps_from(g, 15, 0, 7, frozenset({15}), 15))
    assert all(t != 16 for t, _, _ in steps_from(g, 15, 1, 7, frozenset({15}), 15))


def test_oo_6_escape_route_takes_a_den_with_a_current_die_only_when_none_is_free() -> None:
    g = _learner("escape_to_safety")
    g.piles["eat"] = ["escape_to_safety"]
    for s in (12, 16, 21):
        g.dice_on[s] = "2B"
        g.supply_dice["B"] -= 1
    bag = g.bag["B"]
    do(g, "octopus", "play fast_learning", "learn eat")
    assert sorted(t for t in texts(g, "octopus") if t.startswith("route")) == [
        "route 12", "route 16", "route 21"]
    do(g, "octopus", "route 21")
    assert 21 not in g.dice_on and g.bag["B"] == bag + 1


def _escaper(zone: str, foods: int) -> rules.Game:
    g = oo_started(5)
    set_board(g, shells(**{zone: "juvenile"}, B2="deal_wound"))
    g.oo["route"] = 12  # corner zone C3
    g.food_track = ["crab", "sea_snail", "shrimp", "clam"][:foods]
    g.piles["eat"] = []
    octopus_draw_pile(g, ["escape_to_safety", "fast_learning"], ["jet"])
    octopus_turn(g)
    return g


def test_oo_6_escape_to_safety_wins_only_after_all_four_foods() -> None:
    g = _escaper("C3", 3)
    assert "play escape_to_safety" not in texts(g, "octopus")
    g = _escaper("C3", 4)
    ev = do(g, "octopus", "play escape_to_safety")
    assert g.winner == "octopus" and g.win_reason == "escape"
    assert not g.hidden[8] and events_of(ev, "escape")


def test_oo_6_escape_to_safety_only_from_the_corner_zone_by_the_escape_route() -> None:
    for zone in ("A1", "C1", "A3", "B3", "C2"):
        g = _escaper(zone, 4)
        assert "play escape_to_safety" not in texts(g, "octopus"), zone
    g = _escaper("C3", 4)
    g.oo["route"] = None  # the card was never learned: no Escape Route
    g._cache = {}
    assert "play escape_to_safety" not in texts(g, "octopus")


def test_oo_14_a_fourth_food_no_longer_wins_and_a_juvenile_that_eats_grows() -> None:
    g = oo_started(6)
    set_board(g, shells(A1="juvenile", B1="clam", B2="deal_wound"))
    g.food_track = ["crab", "sea_snail", "shrimp"]
    g.piles["eat"] = []
    octopus_draw_pile(g, ["eat_clam", "fast_learning"], ["jet"])
    octopus_turn(g)
    do(g, "octopus", "play eat_clam")
    assert len(g.food_track) == 4 and g.phase == "octopus"
    assert g.zones[0] == "octopus" and g.zones[1] == "shell"
    assert rules.view(g, "shark")["zones"][0]["stage"] == "adult"


def test_oo_0_eat_asks_which_octopus_eats_when_several_are_next_to_the_food() -> None:
    g = oo_started(6)
    set_board(g, shells(A1="juvenile", B2="octopus_white", B1="clam", C3="deal_wound"))
    g.piles["eat"] = []
    octopus_draw_pile(g, ["eat_clam", "fast_learning"], ["jet"])
    octopus_turn(g)
    do(g, "octopus", "play eat_clam")
    assert sorted(texts(g, "octopus"))[:2] == ["by A1", "by B2"]
    do(g, "octopus", "by B2")
    assert g.zones[0] == "juvenile" and g.zones[4] == "octopus_white"


# -- traps (OO-7) --------------------------------------------------------------------------
def test_oo_7_deal_wound_wounds_the_searching_shark() -> None:
    g = oo_at_assign(shells(B1="deal_wound", C3="octopus"), ["6Y"], 5)
    do(g, "shark", "assign 6Y B1", "go")
    assert pending_kind(g) == "trap" and pending_seats(g) == ["shark"]
    do(g, "shark", "wound mother")
    assert g.oo["wounds"]["mother"] == 1 and g.shark_at == 5


def test_oo_7_deal_wound_and_draw_card_wounds_then_draws_an_event_resolves_after() -> None:
    g = oo_at_assign(shells(B1="deal_wound_draw_card", C3="octopus", A1="shell"), ["6Y"], 5,
                     revealed=("A1",))
    octopus_draw_pile(g, ["fast_learning"], ["jet", "juvenile"])
    g.oo["aside"] = []
    ev = do(g, "shark", "assign 6Y B1", "go")
    assert pending_kind(g) == "trap" and pending_seats(g) == ["shark"]
    ev = do(g, "shark", "wound mother")
    assert g.oo["wounds"]["mother"] == 1
    assert g.hand == ["fast_learning", "jet"]
    kinds = [e["type"] for e in ev]
    assert kinds.index("wound") < kinds.index("draw")
    assert pending_kind(g) == "event" and pending_seats(g) == ["octopus"]
    do(g, "octopus", "replace A1", f"track {next(iter(g.oo['tracks']))}")
    if pending_seats(g) == ["octopus"]:
        do(g, "octopus", "skip")
    assert g.zones[0] == "juvenile" and g.o_trash == ["juvenile"]


def test_oo_7_swap_2_blocks_swaps_two_adjacent_blocks_not_the_trap() -> None:
    g = oo_at_assign(shells(B1="swap_2_blocks", C3="octopus"), ["6Y"], 5)
    do(g, "shark", "assign 6Y B1", "go")
    opts = texts(g, "octopus")
    assert "swap A2 A3" in opts and not any("B1" in o for o in opts)


def test_oo_7_trash_a_card_trashes_a_face_up_shark_card() -> None:
    g = oo_at_assign(shells(B1="trash_a_card", C3="octopus"), ["6Y"], 5)
    shown = sorted({c for c in g.display if c})
    do(g, "shark", "assign 6Y B1", "go")
    assert sorted(texts(g, "octopus")) == sorted(f"trash {c}" for c in shown)
