"""Data tests for the Offshore Offspring module (kelp-spec.md §10, OO-0…OO-15).

Each test is named after the rule id whose numbers it checks and states those numbers
literally, so an edit of ``rules/data/offshore_offspring.toml`` that drifts from the spec
fails here. The second half feeds broken copies of the file through
``parse_offshore_offspring`` and expects a ValueError naming the entry at fault.
"""

from __future__ import annotations

import fnmatch
import tomllib
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from rules.data import data
from rules.effects import PRIMITIVES
from rules.expansion_data import (
    FILE,
    TRAP_OPS,
    OffshoreOffspring,
    load_raw,
    offshore_offspring,
    parse_offshore_offspring,
)
from rules.names import WIN_TEXT

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def oo() -> OffshoreOffspring:
    return offshore_offspring()


# -- the data says what the spec says -------------------------------------------------------


def test_oo_1_board_blocks_are_the_red_adult_the_deal_wound_trap_and_7_shells(
    oo: OffshoreOffspring,
) -> None:
    assert oo.setup.board == {"octopus": 1, "deal_wound": 1, "shell": 7}
    assert oo.faces.start_colour == "red"
    assert oo.starting_trap == "deal_wound"


def test_oo_1_setup_counts(oo: OffshoreOffspring) -> None:
    s = oo.setup
    assert (s.camouflage_tracks, len(oo.camouflage.tracks)) == (2, 3)
    assert (s.wound_boards, len(oo.wound_boards)) == (2, 3)
    assert s.juvenile_sharks == 2
    assert s.hunger_tokens == 4
    assert s.peek_tokens == 2
    assert s.value_tokens == 1
    assert s.escape_route_tokens == 1
    assert s.shark_cards == len(oo.shark_cards) == 6
    assert s.replaced_growth_tiles == (1, 2)


def test_oo_1_offspring_arriving_waits_under_the_draw_pile_and_juvenile_is_set_aside(
    oo: OffshoreOffspring,
) -> None:
    assert {e.id: e.start for e in oo.events.values()} == {
        "offspring_arriving": "under_draw_pile",
        "juvenile": "aside",
    }


def test_oo_1_eat_pile_is_the_four_base_eat_cards_over_escape_to_safety(
    oo: OffshoreOffspring,
) -> None:
    pile = oo.eat_pile
    assert {c.id: c.food for c in pile.cards} == {
        "eat_crab": "crab", "eat_sea_snail": "sea_snail", "eat_shrimp": "shrimp",
        "eat_clam": "clam",
    }
    base = data()
    assert all(base.octo_cards[c.id].type == "eat" for c in pile.cards)
    assert pile.escape.id == "escape_to_safety" and pile.escape.home == "eat"
    assert pile.face_up == 1


def test_oo_1a_faces_supply_traps_and_no_double_shell(oo: OffshoreOffspring) -> None:
    f = oo.faces
    assert f.supply_traps == ("deal_wound_draw_card", "swap_2_blocks", "trash_a_card")
    assert f.double_shell == 0
    assert f.unlimited_shells and f.unlimited_colours
    assert f.returned_shell == "revealed"
    assert f.removed_trap_to == "supply"
    assert f.colours == ("red", "purple", "white", "black")


def test_oo_2_offspring_arriving_resolves_in_order(oo: OffshoreOffspring) -> None:
    steps = oo.events["offspring_arriving"].steps
    assert [s["op"] for s in steps] == [
        "mother_to_juvenile", "place_juvenile", "card_to_discard", "trash_self",
    ]
    assert steps[0]["may_shuffle_with"] == steps[1]["may_shuffle_with"] == 1
    assert steps[1]["replace"] == ["revealed_shell", "hidden_shell", "trap"]
    assert steps[2]["card"] == "juvenile"


def test_oo_2_juvenile_places_one_juvenile_and_trashes_itself(oo: OffshoreOffspring) -> None:
    steps = oo.events["juvenile"].steps
    assert steps == (
        {"op": "place_juvenile", "replace": ["revealed_shell", "hidden_shell", "trap"],
         "may_shuffle_with": 1},
        {"op": "trash_self"},
    )
    assert oo.faces.juvenile_colour == "red"


def test_oo_4_camouflage_tracks_have_4_slots_colour_at_2_token_at_4(
    oo: OffshoreOffspring,
) -> None:
    c = oo.camouflage
    assert (c.slots, c.colour_unlocks_at, c.token_unlocks_at) == (4, 2, 4)


def test_oo_5_tracks_abilities_and_tokens(oo: OffshoreOffspring) -> None:
    got = {
        t.colour: (t.ability.id, t.ability.effect, t.token.id, t.token.effect, t.token.placed,
                   t.token.single_use)
        for t in oo.camouflage.tracks.values()
    }
    assert got == {
        "purple": ("deimatic_display", "push_sharks", "cave", "cave_swap", "zone", False),
        "white": ("fierce_fighter", "wound_searcher", "rock", "no_search", "zone", False),
        "black": ("shadow_sneak", "kelp_swap", "ink_decoy", "cancel_search", "none", True),
    }
    names = {t.ability.name for t in oo.camouflage.tracks.values()}
    names |= {t.token.name for t in oo.camouflage.tracks.values()}
    assert names == {"Deimatic Display", "Cave", "Fierce Fighter", "Rock", "Shadow Sneak",
                     "Ink Decoy"}


def test_oo_6_escape_to_safety_costs_0_and_needs_all_four_foods(oo: OffshoreOffspring) -> None:
    pile = oo.eat_pile
    assert pile.escape.cost == 0
    assert pile.escape.effects == ({"op": "escape"},)
    assert pile.escape_on_learn == ({"op": "place_escape_route"},)
    assert pile.foods_needed == 4
    assert pile.learn_per_turn == 1
    assert pile.learned_food_replaces == "revealed_shell"
    assert (pile.route_den, pile.route_den_with_die) == ("free", "if_none_free")


def test_oo_7_expansion_traps_and_their_effects(oo: OffshoreOffspring) -> None:
    assert {t.id: (t.name, t.effects) for t in oo.traps.values()} == {
        "deal_wound": ("Deal Wound", ({"op": "wound"},)),
        "deal_wound_draw_card": ("Deal Wound & Draw Card", ({"op": "wound"},
                                                            {"op": "draw", "n": 1})),
        "swap_2_blocks": ("Swap 2 Blocks",
                          ({"op": "swap", "reach": "orth", "not_trap": True},)),
        "trash_a_card": ("Trash a Card", ({"op": "trash_display"},)),
    }


def test_oo_7_swap_2_blocks_is_tangle_and_trash_a_card_is_scare(oo: OffshoreOffspring) -> None:
    base = data().traps
    assert list(oo.traps["swap_2_blocks"].effects) == base["tangle"]["effects"]
    assert list(oo.traps["trash_a_card"].effects) == base["scare"]["effects"]


def test_oo_7_reused_primitives_are_engine_primitives() -> None:
    new = {"wound"}
    assert set(TRAP_OPS) - new <= set(PRIMITIVES)


def test_oo_8_juvenile_sharks_enter_on_a_den_and_never_return(oo: OffshoreOffspring) -> None:
    s = oo.sharks
    assert s.juvenile_enter == "free_den"
    assert s.juvenile_den_with_die == "always"
    assert s.juveniles_return is False


def test_oo_9_growth_tiles_1_and_2(oo: OffshoreOffspring) -> None:
    g = oo.growth
    assert sorted(g) == [1, 2]
    assert (g[1].effect, g[1].params) == ("reroll", {"per_turn": 1, "matching": True})
    assert (g[2].effect, g[2].params) == ("swim_over_sharks", {})


def test_oo_10_hunger_tokens_in_order(oo: OffshoreOffspring) -> None:
    got = [(t.space, t.id, t.use, t.effect, t.params) for t in oo.hunger_tokens]
    assert got == [
        (1, "increase_a_die_by_1", "roll", "bump", {"amount": 1}),
        (2, "gain_a_juvenile", "any", "gain_juvenile", {}),
        (3, "gain_a_strike_die", "any", "gain_die", {"colour": "R"}),
        (4, "gain_a_juvenile_2", "any", "gain_juvenile", {}),
    ]
    assert [t.name for t in oo.hunger_tokens] == [
        "Increase a Die by 1", "Gain a Juvenile", "Gain a Strike Die", "Gain a Juvenile",
    ]


def test_oo_11_red_fight_wounds_the_striking_shark_others_as_base(
    oo: OffshoreOffspring,
) -> None:
    c = oo.confrontation
    assert c.adults_only and c.keep_cards_on_shark_win
    assert c.shark == ("red", "yellow", "turquoise")
    assert tuple(c.octopus) == ("red", "yellow", "turquoise")
    assert (c.octopus["red"].escape, c.octopus["red"].effects) == ("Fight", ({"op": "wound"},))
    base = data().colours
    for colour in ("yellow", "turquoise"):
        assert c.octopus[colour].escape == base[colour]["escape"]
        assert list(c.octopus[colour].effects) == base[colour]["effects"]


def test_oo_12_mother_shark_has_3_wound_tokens_and_dies_at_the_3rd(
    oo: OffshoreOffspring,
) -> None:
    s = oo.sharks
    assert (s.mother_wound_tokens, s.mother_wounds_to_die) == (3, 3)
    assert s.mother_wound_spaces + oo.setup.wound_boards * 1 == 3
    assert s.juvenile_wounds_to_remove == 1


def test_oo_12_wound_boards(oo: OffshoreOffspring) -> None:
    got = {b.id: (b.name, b.effect, b.wound_spaces, b.params) for b in oo.wound_boards.values()}
    assert got == {
        "focused_hunter": ("Focused Hunter", "peek", 1, {"value_token": 6, "value_zone": "B2"}),
        "reckless_abandon": ("Reckless Abandon", "boost_hidden_strike", 1, {
            "colour": "R", "amount": 2, "per_turn": 1, "wound_mother_on_escape": True}),
        "adrenaline_rush": ("Adrenaline Rush", "energy_strike_reroll", 1, {
            "colour": "R", "strike_from": 3, "per_turn": 1}),
    }


def test_oo_13_an_eaten_octopus_sends_the_strike_die_to_the_supply(
    oo: OffshoreOffspring,
) -> None:
    assert (oo.sharks.eaten_strike_die_to, oo.sharks.eaten_zone_takes) == ("supply", "shell")


def test_oo_14_end_conditions(oo: OffshoreOffspring) -> None:
    e = oo.end
    assert set(e.octopus_wins) == {"hunger", "no_strike", "sharks_removed", "escape"}
    assert e.shark_wins == ("no_octopus",)
    assert set(e.replaced) == {"food", "confrontation"}
    assert set(e.replaced) <= set(WIN_TEXT)


def test_oo_15_shark_cards_costs_dice_and_effects(oo: OffshoreOffspring) -> None:
    got = {c.id: (c.name, c.cost, c.die, c.use, c.effect, c.params)
           for c in oo.shark_cards.values()}
    assert got == {
        "cautious": ("Cautious", 4, "Y", "assigned", "peek", {"peeks": 1}),
        "decisive": ("Decisive", 3, "B", "drawn", "redraw", {}),
        "powerful": ("Powerful", 5, "R", "move", "place_by_shark", {}),
        "pack_hunt": ("Pack Hunt", 6, "R", "assign", "pack_hunt", {}),
        "nursery": ("Nursery", 7, "B", "any", "gain_juvenile", {}),
        "bloodlust": ("Bloodlust", 4, "R", "roll", "bump", {"colour": "R", "amount": 1}),
    }
    assert not set(oo.shark_cards) & set(data().shark_cards)


def test_oo_every_text_is_filled_in(oo: OffshoreOffspring) -> None:
    texts = [
        *(e.text for e in oo.events.values()),
        *(c.text for c in oo.eat_pile.cards), oo.eat_pile.escape.text,
        *(p.text for t in oo.camouflage.tracks.values() for p in (t.ability, t.token)),
        *(t.text for t in oo.traps.values()), *(t.text for t in oo.hunger_tokens),
        *(b.text for b in oo.wound_boards.values()), *(c.text for c in oo.shark_cards.values()),
        *(g.text for g in oo.growth.values()), *(e.text for e in oo.confrontation.octopus.values()),
    ]
    assert all(len(t) > 10 for t in texts)


def test_oo_every_proposed_value_names_its_rule() -> None:
    text = resources.files("rules").joinpath("data", FILE).read_text(encoding="utf-8")
    marked = [line for line in text.splitlines()
              if ("[P]" in line or "[R]" in line) and not line.lstrip().startswith("#   [")]
    assert marked
    assert all("OO-" in line for line in marked), [ln for ln in marked if "OO-" not in ln]


# -- loading ---------------------------------------------------------------------------------


def test_oo_data_is_loaded_once_and_parse_does_not_change_its_input() -> None:
    raw = load_raw()
    before = repr(raw)
    assert parse_offshore_offspring(raw) == offshore_offspring()
    assert repr(raw) == before
    assert offshore_offspring() is offshore_offspring()


def test_oo_data_file_ships_as_package_data() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = project["tool"]["setuptools"]["package-data"]["rules"]
    assert any(fnmatch.fnmatch(f"data/{FILE}", g) for g in globs)
    assert resources.files("rules").joinpath("data", FILE).is_file()


# -- a malformed file is rejected -------------------------------------------------------------


def _drop(table: dict[str, Any], key: str) -> None:
    del table[key]


BROKEN: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("missing count", lambda r: _drop(r["setup"], "peek_tokens"),
     r"setup\.peek_tokens: is missing"),
    ("misspelt key", lambda r: r["card"][0].update(cots=4), r"card\[0\]: unknown key.*'cots'"),
    ("string for a number", lambda r: r["card"][0].update(cost="4"), r"card\[0\]\.cost"),
    ("bool for a number", lambda r: r["camouflage"].update(slots=True), r"camouflage\.slots"),
    ("unknown effect key", lambda r: r["hunger_token"][0].update(effect="bumpp"),
     r"hunger_token\[0\]\.effect: unknown value 'bumpp'"),
    ("missing effect parameter", lambda r: _drop(r["hunger_token"][0], "amount"),
     r"hunger_token\[0\]\.amount: is missing"),
    ("list for a key", lambda r: r["hunger_token"][0].update(effect=["bump"]),
     r"hunger_token\[0\]\.effect: unknown value \['bump'\]"),
    ("list of lists", lambda r: r["event"][1]["steps"][0].update(replace=[["trap"]]),
     r"event\[1\]\.steps\[0\]\.replace: must be a list of distinct values"),
    ("not a table", lambda r: r["trap"].append("stinger"), r"trap\[4\]: must be a table"),
    ("unknown op", lambda r: r["trap"][0]["effects"].append({"op": "explode"}),
     r"trap\[0\]\.effects\[1\]\.op: unknown value 'explode'"),
    ("bad op parameter", lambda r: r["trap"][2]["effects"][0].update(reach="far"),
     r"trap\[2\]\.effects\[0\]\.reach"),
    ("hunger tokens out of order", lambda r: r["hunger_token"].reverse(),
     r"hunger_token: spaces must be 1…4 in order"),
    ("too few board blocks", lambda r: r["setup"]["board"].update(shell=6),
     r"setup\.board: places 8 blocks"),
    ("wrong shark card count", lambda r: r["card"].pop(), r"card: 5 Shark cards"),
    ("clashing shark card id", lambda r: r["card"][0].update(id="frenzy"),
     r"'frenzy' is already a Shark card"),
    ("unknown Eat card", lambda r: r["eat_pile"]["card"][0].update(id="eat_kelp"),
     r"eat_pile\.card\[0\]\.id: unknown value 'eat_kelp'"),
    ("Eat card with another food", lambda r: r["eat_pile"]["card"][0].update(food="clam"),
     r"'eat_crab' is the Eat card of 'crab', not 'clam'"),
    ("wrong food count to escape", lambda r: r["escape_to_safety"].update(foods_needed=3),
     r"escape_to_safety\.foods_needed: must be 4"),
    ("two starting traps", lambda r: r["trap"][1].update(starting=True),
     r"exactly one trap must be the starting trap"),
    ("supply traps off", lambda r: r["faces"]["supply_traps"].pop(),
     r"faces\.supply_traps: must be every trap but the starting one"),
    ("token before colour", lambda r: r["camouflage"].update(token_unlocks_at=5),
     r"colour_unlocks_at <= token_unlocks_at <= slots"),
    ("track colour not a face colour", lambda r: r["camouflage"]["track"][0].update(colour="pink"),
     r"track colours"),
    ("wound tokens don't fit", lambda r: r["mother_shark"].update(wound_tokens=4),
     r"mother_shark\.wound_tokens: 4 tokens"),
    ("value token off the board", lambda r: r["wound_board"][0].update(value_zone="D4"),
     r"wound_board\[0\]\.value_zone: unknown value 'D4'"),
    ("event that doesn't trash itself", lambda r: r["event"][1]["steps"].pop(),
     r"must end with trash_self"),
    ("event into discard not set aside",
     lambda r: r["event"][0]["steps"][2].update(card="offspring_arriving"),
     r"card_to_discard names 'offspring_arriving'"),
    ("confrontation colour missing", lambda r: r["confrontation"]["octopus"].pop(),
     r"confrontation\.octopus: must be one card per colour"),
    ("growth tile not replaced", lambda r: r["growth"][1].update(tile=3),
     r"growth: tiles \[1, 3\]"),
    ("unknown win", lambda r: r["end"]["octopus_wins"].append("luck"),
     r"end\.octopus_wins: unknown key\(s\) \['luck'\]"),
    ("unknown top-level table", lambda r: r.update(extra={}), r"the file: unknown key\(s\)"),
]


@pytest.mark.parametrize(("edit", "match"), [(e, m) for _, e, m in BROKEN],
                         ids=[name for name, _, _ in BROKEN])
def test_oo_malformed_data_is_rejected(edit: Callable[[dict[str, Any]], None], match: str) -> None:
    raw = load_raw()
    edit(raw)
    with pytest.raises(ValueError, match=match):
        parse_offshore_offspring(raw)
