"""Offshore Offspring camouflage: tracks, colours, abilities and tokens
(kelp-spec.md OO-4, OO-5)."""

from __future__ import annotations

import rules
from rules.data import ZONE_INDEX, board
from tests.rules.oo_positions import add_juvenile_shark, oo_at_assign, oo_started
from tests.rules.positions import do, octopus_turn, set_board, texts
from tests.rules.shark_setup import events_of, pending_kind, pending_seats, shells


def _tracks(g: rules.Game, colour: str, n: int = 2, other: int = 0) -> str:
    """Make `colour` one of the two tracks in play with n shells (unlocked at 2)."""
    rest = next(c for c in ("purple", "white", "black") if c != colour)
    g.oo["tracks"] = {colour: n, rest: other}
    g.oo["unlocked"] = [colour] if n >= 2 else []
    g._cache = {}
    return rest


def _octopus_turn(blocks: dict[str, str], revealed: tuple[str, ...] = (), *,
                  den: int = 1) -> rules.Game:
    g = oo_started(7, den=den)
    set_board(g, blocks, revealed)
    octopus_turn(g)
    return g


def test_oo_4_the_second_shell_unlocks_the_colour_and_the_fourth_the_token() -> None:
    g = oo_started(2)
    set_board(g, shells(A1="octopus", B2="deal_wound"), revealed=("C1", "C2", "C3"))
    _tracks(g, "white", 1)
    from rules.camouflage import shell_off

    shell_off(g, ("white", None))
    assert g.oo["unlocked"] == ["white"]
    shell_off(g, ("white", None))
    assert "rock" not in g.oo["tokens"]
    shell_off(g, ("white", 4))
    assert g.oo["tokens"]["rock"] == 4
    assert rules.view(g, "spectator")["offspring"]["tokens"] == {"rock": "B2"}
    # Unlocks are permanent, even when shells come off the track again.
    from rules.camouflage import shell_back
    from rules.core import Chooser

    for _ in range(4):
        shell_back(g, {}, Chooser([rules.Action("from", ("white",))]), {}, True, False)
    assert g.oo["unlocked"] == ["white"] and g.oo["tokens"]["rock"] == 4


def test_oo_4_a_removed_shell_goes_onto_a_track_of_the_octopus_choice() -> None:
    g = _octopus_turn(shells(A1="octopus", B2="deal_wound"), revealed=("C1",))
    a, b = list(g.oo["tracks"])
    from tests.rules.oo_positions import octopus_draw_pile

    octopus_draw_pile(g, ["set_a_trap", "fast_learning"], ["jet"])
    g.piles["learn"] = [c for c in g.piles["learn"] if c != "set_a_trap"]
    do(g, "octopus", "play set_a_trap", "pay A2", "learn swap_2_blocks", "replace C1")
    assert sorted(texts(g, "octopus")) == sorted(["cancel", f"track {a}", f"track {b}"])
    do(g, "octopus", f"track {b}")
    assert g.oo["tracks"] == {a: 0, b: 1} and g.zones[2] == "swap_2_blocks"


def test_oo_4_a_revealed_octopus_changes_colour_freely_a_hidden_one_cannot() -> None:
    g = _octopus_turn(shells(A1="octopus", B1="juvenile", B2="deal_wound"), revealed=("A1",))
    _tracks(g, "black")
    opts = texts(g, "octopus")
    assert "camo A1 black" in opts and not any(o.startswith("camo B1") for o in opts)
    do(g, "octopus", "camo A1 black")
    assert g.zones[0] == "octopus_black" and g.actions == 0
    assert "camo A1 red" in texts(g, "octopus")
    v = rules.view(g, "shark")
    assert v["zones"][0]["colour"] == "black" and v["zones"][0]["stage"] == "adult"


def test_oo_4_a_hidden_octopus_colour_is_only_what_was_public() -> None:
    g = _octopus_turn(shells(A1="octopus", B1="juvenile", B2="deal_wound"), revealed=("A1",))
    _tracks(g, "black")
    do(g, "octopus", "camo A1 black", "discard fast_learning", "hide A1")
    v = rules.view(g, "shark")
    assert "octopus_black" in v["zones"][0]["candidates"]
    for viewer in ("shark", "spectator"):
        for s in range(5):
            r = rules.resample(g, viewer, s)
            assert "octopus_black" in r.zones and rules.view(r, viewer) == rules.view(g, viewer)


def test_oo_5_deimatic_display_pushes_adjacent_sharks_to_empty_spaces_away() -> None:
    # The Mother on 5 (B1/B2); purple Octopus in B1.
    g = _octopus_turn(shells(B1="octopus_purple", B2="deal_wound"), den=1)
    _tracks(g, "purple")
    g.shark_at, g.facing = 5, None
    g.dice_on[4] = "3B"
    g.supply_dice["B"] -= 1
    g._cache = {}
    assert "deimatic B1" in texts(g, "octopus")
    do(g, "octopus", "deimatic B1")
    targets = {t.split()[2] for t in texts(g, "octopus") if t.startswith("push")}
    # Next to 5: 4 (a die), 14, 15 (border B1), 6, 18, 19 (not B1)
    assert targets == {"6", "18", "19"}
    do(g, "octopus", "push 5 18 free")
    assert g.shark_at == 18 and g.facing is None and not g.hidden[1]
    assert g.actions == 0


def test_oo_5_deimatic_display_a_shark_with_no_space_stays_and_the_cave_swap() -> None:
    g = _octopus_turn(shells(A1="octopus_purple", C3="deal_wound"), den=1)
    _tracks(g, "purple", 4)
    g.oo["tokens"]["cave"] = ZONE_INDEX["C3"]
    g.shark_at, g.facing = 1, None  # the den above A1: next to 2 and 13 (13 borders A1)
    g.dice_on[2] = "4B"
    g.supply_dice["B"] -= 1
    g._cache = {}
    do(g, "octopus", "deimatic A1")
    assert sorted(texts(g, "octopus")) == ["cancel", "cave", "skip"]
    do(g, "octopus", "cave")
    assert g.shark_at == 1
    assert g.zones[8] == "octopus_purple" and g.zones[0] == "deal_wound"


def test_oo_5_fierce_fighter_a_white_octopus_found_by_search_wounds_the_shark() -> None:
    g = oo_at_assign(shells(B1="octopus_white", C3="deal_wound"), ["6Y"], 5)
    _tracks(g, "white")
    do(g, "shark", "assign 6Y B1", "go")
    assert pending_kind(g) == "wound" and pending_seats(g) == ["shark"]
    do(g, "shark", "wound mother")
    assert g.oo["wounds"]["mother"] == 1


def test_oo_5_fierce_fighter_not_when_struck_or_locked() -> None:
    g = oo_at_assign(shells(B1="octopus_white", C3="deal_wound"), ["6R"], 5)
    _tracks(g, "white")
    do(g, "shark", "assign 6R B1", "go")
    assert pending_kind(g) == "confront"
    g = oo_at_assign(shells(B1="octopus_white", C3="deal_wound"), ["6Y"], 5)
    _tracks(g, "white", 1)  # not unlocked
    do(g, "shark", "assign 6Y B1", "go")
    assert sum(g.oo["wounds"].values()) == 0


def test_oo_5_the_rock_blocks_search_but_not_strike() -> None:
    g = oo_at_assign(shells(B1="octopus", C3="deal_wound"), ["6Y", "6R"], 5)
    _tracks(g, "white", 4)
    g.oo["tokens"]["rock"] = ZONE_INDEX["B1"]
    g._cache = {}
    opts = texts(g, "shark")
    assert "assign 6Y B1" not in opts and "assign 6Y B2" in opts
    assert "assign 6R B1" in opts


def test_oo_5_shadow_sneak_swaps_only_between_kelp_zones() -> None:
    g = _octopus_turn(shells(A1="octopus_black", C3="deal_wound"))
    _tracks(g, "black")
    from tests.rules.oo_positions import octopus_draw_pile

    octopus_draw_pile(g, ["jet", "fast_learning"], ["jet_2"])
    do(g, "octopus", "play jet", "pay B2")
    swaps = {t for t in texts(g, "octopus") if t.startswith("swap")}
    kelp = sorted(board("day").kelp)
    assert kelp == [ZONE_INDEX[z] for z in ("B1", "A2", "C2", "B3")]
    assert "swap A2 C2" in swaps and "swap B1 B3" in swaps  # far apart, both Kelp
    assert "swap A1 C3" not in swaps and "swap A1 C1" not in swaps  # not Kelp
    assert "swap A1 B1" in swaps  # ordinary adjacency still holds


def test_oo_5_shadow_sneak_needs_a_black_octopus_on_the_board() -> None:
    g = _octopus_turn(shells(A1="octopus", C3="deal_wound"))
    _tracks(g, "black")
    from tests.rules.oo_positions import octopus_draw_pile

    octopus_draw_pile(g, ["jet", "fast_learning"], ["jet_2"])
    do(g, "octopus", "play jet", "pay B2")
    assert "swap A2 C2" not in texts(g, "octopus")


def _decoy(octopus_at: str = "B1") -> rules.Game:
    g = oo_at_assign(shells(**{octopus_at: "octopus"}, C3="deal_wound"), ["6Y", "6Y"], 5)
    _tracks(g, "black", 4)
    g.oo["tokens"]["ink_decoy"] = "active"
    g._cache = {}
    return g


def test_oo_5_ink_decoy_cancels_the_search_and_returns_the_die() -> None:
    g = _decoy()
    do(g, "shark", "assign 6Y B1", "assign 6Y B2", "go", "resolve B1")
    assert pending_kind(g) == "decoy" and pending_seats(g) == ["octopus"]
    assert sorted(texts(g, "octopus")) == ["decoy", "search"]
    bag = g.bag["Y"]
    do(g, "octopus", "decoy")
    assert g.hidden[1] and g.bag["Y"] == bag + 1
    assert g.oo["tokens"]["ink_decoy"] == "used"
    # The Decoy is used up: the next Search die resolves without asking.
    assert g.phase != "over" and pending_kind(g) != "decoy"


def test_oo_5_ink_decoy_asks_before_every_search_die_so_the_pause_reveals_nothing() -> None:
    g = _decoy("C2")  # the Octopus is nowhere near: the engine still asks
    do(g, "shark", "assign 6Y B1", "assign 6Y B2", "go", "resolve B1")
    assert pending_kind(g) == "decoy"
    do(g, "octopus", "search")
    assert not g.hidden[1]
    assert pending_kind(g) == "decoy"  # and again for the last die
    do(g, "octopus", "search")
    assert g.oo["tokens"]["ink_decoy"] == "active"
    for viewer in ("shark", "spectator"):
        assert "decoy" not in str(rules.view(g, viewer)["shark_side"])


def test_oo_5_abilities_work_only_while_an_octopus_of_the_colour_is_on_the_board() -> None:
    g = _octopus_turn(shells(A1="octopus", C3="deal_wound"), revealed=("A1",))
    _tracks(g, "purple")
    add_juvenile_shark(g, 13, None)
    assert not any(t.startswith("deimatic") for t in texts(g, "octopus"))
    do(g, "octopus", "camo A1 purple")
    assert "deimatic A1" in texts(g, "octopus")
    assert events_of(g.last_events, "replace")


def test_oo_4_an_octopus_revealed_to_pay_may_change_colour_before_the_effect() -> None:
    g = _octopus_turn(shells(A2="octopus", C3="deal_wound"))
    _tracks(g, "black")
    from tests.rules.oo_positions import octopus_draw_pile

    octopus_draw_pile(g, ["jet", "fast_learning"], ["jet_2"])
    do(g, "octopus", "play jet", "pay A2")
    opts = texts(g, "octopus")
    assert "camo A2 black" in opts and "go" in opts
    assert "swap A2 C2" not in opts  # no black Octopus yet
    do(g, "octopus", "camo A2 black")
    assert "swap A2 C2" in texts(g, "octopus")  # Shadow Sneak works for this very swap
    do(g, "octopus", "swap A2 C2")
    assert g.zones[5] == "octopus_black" and g.actions == 1


def test_oo_5_the_rock_also_stops_a_relentless_search() -> None:
    from rules.shark import relentless_options
    from tests.rules.positions import keep

    g = oo_at_assign(shells(B1="octopus", C3="deal_wound"), ["6Y"], 5)
    keep(g, "relentless")
    g.step = "resolve"
    g.resolved_zones = [ZONE_INDEX["B1"]]  # B1 was struck, then hidden again
    assert [a.text for a in relentless_options(g)] == ["relentless 6Y B1"]
    _tracks(g, "white", 4)
    g.oo["tokens"]["rock"] = ZONE_INDEX["B1"]
    assert relentless_options(g) == []


def test_oo_5_deimatic_display_never_pushes_two_sharks_to_one_space() -> None:
    g = _octopus_turn(shells(A3="octopus_purple", C3="deal_wound"))
    _tracks(g, "purple")
    g.shark_at, g.facing = 22, None
    add_juvenile_shark(g, 10, None)  # its only way out is 11
    do(g, "octopus", "deimatic A3")
    assert "push 22 11 free" in texts(g, "octopus")
    do(g, "octopus", "push 22 11 free")  # now the Juvenile has nowhere to go: it stays
    assert g.shark_at == 11 and g.juv_sharks == [["j1", 10, None]]
