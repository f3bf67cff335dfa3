"""Offshore Offspring setup and state (kelp-spec.md OO-1, OO-1a), views and resampling."""

from __future__ import annotations

from collections import Counter

import pytest

import rules
from rules.data import data
from rules.expansion_data import offshore_offspring
from rules.state import Game
from tests.rules.oo_positions import oo_game, oo_started


def test_oo_1_public_new_game_offers_the_module_and_refuses_unknown_ones() -> None:
    assert rules.new_game(1, expansions=("offshore_offspring",)).oo
    with pytest.raises(ValueError):
        rules.new_game(1, expansions=("brilliant_behaviours",))


def test_oo_1_board_is_the_red_adult_deal_wound_and_seven_shells_hidden() -> None:
    for seed in range(20):
        g = oo_game(seed)
        assert Counter(g.zones) == {"octopus": 1, "deal_wound": 1, "shell": 7}
        assert all(g.hidden)
    assert len({tuple(oo_game(s).zones) for s in range(20)}) > 5


def test_oo_1a_supply_holds_the_three_other_traps_and_no_double_shell() -> None:
    g = oo_game(3)
    assert {k: v for k, v in g.supply.items() if v} == {
        "deal_wound_draw_card": 1, "swap_2_blocks": 1, "trash_a_card": 1}
    assert "double_shell" not in g.supply


def test_oo_1_offspring_arriving_under_the_draw_pile_after_the_hand_juvenile_aside() -> None:
    for seed in range(10):
        g = oo_game(seed)
        assert g.draw[0] == "offspring_arriving"
        assert "offspring_arriving" not in g.hand and len(g.hand) == 4
        assert "fast_learning" in g.hand
        assert g.oo["aside"] == ["juvenile"]
        assert g.oo["oa_bottom"] is True


def test_oo_1_eat_pile_face_down_with_escape_to_safety_at_the_bottom_top_face_up() -> None:
    g = oo_game(5)
    pile = g.piles["eat"]
    assert pile[0] == "escape_to_safety"
    assert sorted(pile[1:]) == ["eat_clam", "eat_crab", "eat_sea_snail", "eat_shrimp"]
    assert g.oo["eat_up"] is True
    v = rules.view(g, "shark")
    assert v["octopus_side"]["piles"]["eat"]["top"] == pile[-1]
    assert v["octopus_side"]["piles"]["eat"]["face_up"] is True


def test_oo_1_two_of_three_camouflage_tracks_and_wound_boards_at_random() -> None:
    tracks, boards = set(), set()
    for seed in range(30):
        g = oo_game(seed)
        assert len(g.oo["tracks"]) == 2 and all(n == 0 for n in g.oo["tracks"].values())
        assert len(g.oo["boards"]) == 2
        assert g.oo["wounds"] == {"mother": 0, **{b: 0 for b in g.oo["boards"]}}
        tracks.add(tuple(g.oo["tracks"]))
        boards.add(tuple(g.oo["boards"]))
    assert len(tracks) == 3 and len(boards) == 3


def test_oo_1_six_shark_cards_join_the_deck_and_two_juvenile_sharks_wait() -> None:
    g = oo_game(2)
    cards = [*(c for c in g.display if c), *g.deck]
    assert sorted(cards) == sorted([*data().shark_cards, *offshore_offspring().shark_cards])
    assert len([c for c in g.display if c]) == 4
    assert g.oo["juv_left"] == 2 and g.juv_sharks == []


def test_oo_1_growth_tiles_1_and_2_are_replaced() -> None:
    g = oo_started(1)
    v = rules.view(g, "spectator")
    texts = [t["text"] for t in v["shark_side"]["growth"]]
    oo = offshore_offspring().growth
    assert texts[0] == oo[1].text and texts[1] == oo[2].text
    assert texts[2:] == [t["text"] for t in data().growth[2:]]


def test_oo_1_base_game_is_untouched() -> None:
    g = rules.new_game(4)
    assert g.oo == {} and g.juv_sharks == []
    assert "offspring" not in rules.view(g, "spectator")


def test_oo_1_games_saved_before_the_module_load_with_defaults() -> None:
    g = rules.new_game(4)
    d = g.to_dict()
    del d["oo"], d["juv_sharks"]
    h = Game.from_dict(d)
    assert h.oo == {} and h.juv_sharks == [] and h == g


def test_oo_1_state_round_trips_and_clones_deeply() -> None:
    g = oo_started(6)
    assert Game.from_dict(g.to_dict()) == g
    c = g.clone()
    c.oo["tracks"][next(iter(c.oo["tracks"]))] = 3
    assert g.oo["tracks"] != c.oo["tracks"]


def test_oo_1_view_shows_the_module_state_and_every_shark() -> None:
    g = oo_started(7, den=16)
    v = rules.view(g, "spectator")
    assert v["sharks"] == [{"name": "mother", "space": 16, "facing": "*", "notation": "16*"}]
    o = v["offspring"]
    assert [t["colour"] for t in o["tracks"]] == list(g.oo["tracks"])
    assert o["events_aside"] == ["juvenile"] and o["offspring_arriving_under_draw_pile"]
    assert o["mother_wounds"] == 0 and o["mother_alive"] and o["juvenile_sharks_left"] == 2
    assert v["shark"]["notation"] == "16*"


def test_oo_1_resample_keeps_offspring_arriving_under_the_draw_pile() -> None:
    g = oo_started(8)
    for viewer in ("shark", "spectator", "octopus"):
        for s in range(5):
            r = rules.resample(g, viewer, s)
            assert r.draw[0] == "offspring_arriving"
            assert "offspring_arriving" not in r.hand
            assert r.piles["eat"][0] == "escape_to_safety"
            assert r.piles["eat"][-1] == g.piles["eat"][-1]
            assert rules.view(r, viewer) == rules.view(g, viewer)


def test_oo_1_view_spaces_name_their_shark_and_the_escape_route() -> None:
    from tests.rules.oo_positions import add_juvenile_shark

    g = oo_started(9, den=1)
    add_juvenile_shark(g, 12, 0)
    g.oo["route"] = 16
    v = rules.view(g, "shark")
    by = {s["space"]: s for s in v["spaces"]}
    assert by[1]["shark"] == "mother" and by[12]["shark"] == "j1" and by[2]["shark"] is None
    assert by[16]["escape_route"] and not by[1]["escape_route"]
    assert [s["name"] for s in v["sharks"]] == ["mother", "j1"]
    assert "spaces" in rules.view(rules.new_game(1), "shark")
    assert "shark" not in rules.view(rules.new_game(1), "shark")["spaces"][0]
