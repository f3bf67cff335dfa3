"""Rule tests for the Octopus side (kelp-spec.md §1, §3, §4, §7 X-5, §9 D-1 and D-4).

Every test is named after the rule id it checks and fails if that rule is broken. Positions
are set up by editing a fresh game's fields (tests/rules/positions.py); from then on the
tests act only through ``rules.legal_actions``, ``rules.apply`` and ``rules.view``.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

import pytest

import rules
from rules import IllegalAction
from rules.data import ZONE_INDEX, ZONES, data
from rules.state import Game
from tests.rules.positions import (
    do,
    event_types,
    is_hidden,
    octopus_turn,
    set_board,
    started,
    texts,
    zone,
)

SEEDS = (1, 7, 23, 101, 4242)

# The setup mix (C-3): the Octopus, the starting trap and 7 shells; the supply is untouched.
BOARD: dict[str, str] = {
    "A1": "octopus", "B1": "shell", "C1": "shell",
    "A2": "shell", "B2": "shell", "C2": "shell",
    "A3": "stinger", "B3": "shell", "C3": "shell",
}
STARTER = sorted(["fast_learning", "jet", "jet_2", "stir_the_sand", "blend_in", "blend_in_2",
                  "curiosity", "curiosity_2"])
ORTH = [(a, b) for a, b in combinations(ZONES, 2)
        if abs(ZONE_INDEX[a] % 3 - ZONE_INDEX[b] % 3) + abs(ZONE_INDEX[a] // 3 - ZONE_INDEX[b] // 3)
        == 1]
TOUCH = [(a, b) for a, b in combinations(ZONES, 2)
         if max(abs(ZONE_INDEX[a] % 3 - ZONE_INDEX[b] % 3),
                abs(ZONE_INDEX[a] // 3 - ZONE_INDEX[b] // 3)) == 1]


# -- helpers ----------------------------------------------------------------------------
def position(hand: list[str], *, seed: int = 0, revealed: tuple[str, ...] = (),
             blocks: dict[str, str] | None = None) -> Game:
    """The Octopus's first turn on BOARD (with `blocks` overriding zones), holding `hand`."""
    g = started(seed)
    layout = dict(BOARD)
    layout.update(blocks or {})
    set_board(g, layout, revealed)
    for food in set(layout.values()) & set(data().foods):
        card = food_card(food)
        if card in g.piles["eat"]:
            g.piles["eat"].remove(card)
    octopus_turn(g, hand=hand)
    return g


def food_card(food: str) -> str:
    """The Eat card that waits with `food` (C-3)."""
    return str(data().foods[food]["eat_card"])


def zs(*names: str) -> str:
    """Zones in the engine's canonical order (A1 B1 C1 A2 …), as in multi-select steps."""
    return " ".join(sorted(names, key=ZONE_INDEX.__getitem__))


def with_prefix(g: Game, prefix: str, seat: str = "octopus") -> set[str]:
    """The legal steps of one kind, as a set (order is not a rule)."""
    return {t for t in texts(g, seat) if t.startswith(prefix)}


def secret_hand(g: Game) -> None:
    """Make the whole hand unknown to the Shark (as after drawing it)."""
    g.unknown_cards = [*g.draw, *g.hand]
    g.draw_cands = list(g.draw)
    g.hand_known = []
    g._cache = {}


def public(v: dict[str, Any]) -> dict[str, Any]:
    """A view without its version (X-5: a partial step only bumps the version)."""
    return {k: x for k, x in v.items() if k != "version"}


def finish_shark_turn(g: Game) -> None:
    """Play the Shark's turn with the simplest choices until the Octopus's turn starts."""
    prefer = ("go", "done", "pass", "flip", "step", "skip", "stop")
    for _ in range(60):
        p = rules.pending(g)
        if p["kind"] == "octopus_turn":
            return
        seat = p["seats"][0]
        opts = texts(g, seat)
        pick = next((o for verb in prefer for o in opts if o.split()[0] == verb), opts[0])
        do(g, seat, pick)
    raise AssertionError("the Shark's turn did not end")


# -- G: players, winning, order of play --------------------------------------------------
@pytest.mark.parametrize("seed", SEEDS)
def test_g1_octopus_moves_first_and_turns_alternate(seed: int) -> None:
    """G-1: the Octopus decides first, takes a whole turn, then the Shark, then the Octopus."""
    g = rules.new_game(seed)
    assert rules.pending(g)["seats"] == ["octopus"]
    assert rules.legal_actions(g, "shark") == []
    with pytest.raises(IllegalAction) as err:
        rules.apply(g, "shark", "den 1")
    assert err.value.code == "not_your_turn"
    rules.apply(g, "octopus", "den 1")
    assert rules.pending(g)["seats"] == ["octopus"]
    assert rules.pending(g)["kind"] == "octopus_turn"
    first_round = g.round
    for _ in range(2):
        assert rules.pending(g)["seats"] == ["octopus"]
        assert rules.legal_actions(g, "shark") == []
        do(g, "octopus", sorted(with_prefix(g, "discard"))[0])
        if "skip" in texts(g, "octopus"):
            do(g, "octopus", "skip")
    assert rules.pending(g)["seats"] == ["shark"]
    assert rules.legal_actions(g, "octopus") == []
    with pytest.raises(IllegalAction) as err:
        rules.apply(g, "octopus", "draw")
    assert err.value.code == "not_your_turn"
    finish_shark_turn(g)
    assert rules.pending(g)["seats"] == ["octopus"]
    assert g.round == first_round + 1
    assert rules.legal_actions(g, "octopus")


def test_g2a_fourth_food_wins_at_once() -> None:
    """G-2(a): eating the 4th food ends the game in the Octopus's favour immediately, in the
    middle of the turn (the second action is never taken)."""
    g = position(["eat_clam", "jet", "blend_in", "curiosity"], blocks={"B1": "clam"})
    g.food_track = ["crab", "sea_snail", "shrimp"]
    g.banked = []
    do(g, "octopus", "play eat_clam")
    assert g.winner == "octopus" and g.win_reason == "food"
    assert rules.pending(g)["kind"] == "game_over"
    assert rules.legal_actions(g, "octopus") == []
    assert rules.view(g, "shark")["octopus_side"]["food_track"] == [
        "crab", "sea_snail", "shrimp", "clam"]


def test_g2a_third_food_does_not_win() -> None:
    """G-2(a) boundary: a 3rd food is not a win."""
    g = position(["eat_clam", "jet", "blend_in", "curiosity"], blocks={"B1": "clam"})
    g.food_track = ["crab", "sea_snail"]
    do(g, "octopus", "play eat_clam")
    assert g.winner is None and rules.pending(g)["kind"] == "octopus_turn"


def test_g5_octopus_concedes_mid_command_and_the_shark_wins() -> None:
    """G-5: conceding is possible at any time (here with a partial command open)."""
    g = position(["jet", "blend_in", "curiosity", "jet_2"])
    do(g, "octopus", "play jet")
    assert "concede" not in texts(g, "octopus")  # never listed, always allowed
    rules.apply(g, "octopus", "concede")
    assert (g.winner, g.win_reason) == ("shark", "concede")
    assert rules.pending(g)["kind"] == "game_over"


def test_g5_shark_concedes_during_the_octopus_turn_and_the_octopus_wins() -> None:
    """G-5: the Shark may concede although it has nothing to decide."""
    g = position(["jet", "blend_in", "curiosity", "jet_2"])
    assert rules.legal_actions(g, "shark") == []
    events = rules.apply(g, "shark", "concede")
    assert (g.winner, g.win_reason) == ("octopus", "concede")
    assert "game_over" in event_types(events)


@pytest.mark.parametrize("seed", SEEDS)
def test_g6_empty_draw_pile_reshuffles_the_discard_pile(seed: int) -> None:
    """G-6: a card must be drawn from an empty draw pile: the discard pile becomes it."""
    g = position(["jet"], seed=seed)
    pile = sorted(g.draw)
    g.discard, g.draw = list(g.draw), []
    events = do(g, "octopus", "draw")
    assert "reshuffle" in event_types(events)
    assert len(g.hand) == 4 and g.discard == []
    assert sorted(g.hand[1:] + g.draw) == pile


def test_g6_reshuffle_order_is_random() -> None:
    """G-6: the new draw pile is shuffled (different seeds draw different cards)."""
    drawn = set()
    for seed in SEEDS:
        g = position(["jet"], seed=seed)
        g.discard, g.draw = sorted(g.draw), []
        do(g, "octopus", "draw")
        drawn.add(tuple(sorted(g.hand[1:])))
    assert len(drawn) > 1


def test_g6_drawing_stops_when_both_piles_are_empty() -> None:
    """G-6: with the draw and discard piles both exhausted, drawing simply stops."""
    g = position(["jet"])
    g.draw, g.discard = [], ["blend_in"]
    do(g, "octopus", "draw")
    assert sorted(g.hand) == ["blend_in", "jet"]
    assert g.draw == [] and g.discard == []
    assert g.actions == 1


def test_g6_reshuffle_leaves_cards_played_this_turn_in_their_slots() -> None:
    """G-6 with O-2: only the discard pile is reshuffled; a card played this turn is still in
    its action slot, so it can't be drawn."""
    g = position(["jet", "blend_in"])
    g.draw, g.discard = [], ["curiosity", "curiosity_2", "stir_the_sand"]
    do(g, "octopus", "play jet", "pay C3", "swap A1 B1", "draw")
    assert sorted(g.hand) == ["blend_in", "curiosity", "curiosity_2", "stir_the_sand"]
    assert "jet" not in g.hand and g.discard == ["jet"]


def test_g6_sand_cover_with_nothing_left_to_draw_is_still_playable() -> None:
    """G-6 with O-3. Reading: G-6 defines drawing from two empty piles (drawing stops), so
    Sand Cover's "draw 1" can always happen and the card stays playable; it hides its block
    and draws nothing."""
    g = position(["sand_cover", "jet"], revealed=("B1",))
    g.draw, g.discard = [], []
    assert "play sand_cover" in texts(g, "octopus")
    do(g, "octopus", "play sand_cover", "hide B1")
    assert is_hidden(g, "B1") and g.hand == ["jet"]


def test_g6_empty_pile_offers_nothing_to_learn() -> None:
    """G-6: an empty Move/Hide/Learn/Eat pile offers nothing to Learn."""
    g = position(["curiosity", "jet", "blend_in", "jet_2"], revealed=("B1",))
    g.piles["move"] = []
    g.piles["eat"] = []
    do(g, "octopus", "play curiosity", "pay C3")
    learn = with_prefix(g, "learn ")
    assert "learn move" not in learn and "learn eat" not in learn
    assert {"learn hide", "learn learn"} <= learn


def test_g6_all_piles_empty_makes_fast_learning_unplayable() -> None:
    """G-6 with O-3: nothing to Learn means Fast Learning's effect can't happen."""
    g = position(["fast_learning", "jet", "blend_in", "jet_2"])
    for p in g.piles:
        g.piles[p] = []
    assert "play fast_learning" not in texts(g, "octopus")


# -- B-6 and §3: setup -------------------------------------------------------------------
@pytest.mark.parametrize(("board", "dens"), [("day", {1, 16, 12, 21}), ("night", {3, 24, 10, 13})])
def test_b6_octopus_first_decision_is_the_den(board: str, dens: set[int]) -> None:
    """B-6: before anything else the Octopus places the Shark on one of the side's dens."""
    g = rules.new_game(5, board=board)
    p = rules.pending(g)
    assert p["seats"] == ["octopus"] and p["kind"] == "place_shark"
    assert set(texts(g, "octopus")) == {f"den {d}" for d in dens}
    assert rules.view(g, "octopus")["shark"] is None
    with pytest.raises(IllegalAction):
        rules.apply(g, "octopus", "den 2")


@pytest.mark.parametrize("den", [1, 16, 12, 21])
def test_b6_shark_is_placed_free_on_the_den(den: int) -> None:
    """B-6: the Shark stands on the chosen den, free (no facing)."""
    g = rules.new_game(3)
    rules.apply(g, "octopus", f"den {den}")
    shark = rules.view(g, "spectator")["shark"]
    assert shark == {"space": den, "facing": "*", "notation": f"{den}*"}
    assert g.shark_at == den and g.facing is None


@pytest.mark.parametrize("seed", SEEDS)
def test_c3_blocks_placed_hidden_with_the_rest_in_supply(seed: int) -> None:
    """C-3: Octopus, starting trap and 7 shells on the board, all hidden; supply holds
    1 shell, the Double Shell and the other 3 traps; foods wait with their Eat cards."""
    g = rules.new_game(seed)
    v = rules.view(g, "omniscient")
    kinds = Counter(z["block"] for z in v["zones"])
    assert kinds == Counter({"shell": 7, "octopus": 1, "stinger": 1})
    assert all(z["hidden"] for z in v["zones"])
    assert v["octopus_side"]["supply"] == {"shell": 1, "double_shell": 1, "ink_burst": 1,
                                           "tangle": 1, "scare": 1}
    eat = v["octopus_side"]["piles"]["eat"]
    assert eat["count"] == 4 and eat["food"] == data().food_of_card[eat["top"]]


def test_c3_block_placement_is_random() -> None:
    """C-3: placement is at random (the Octopus's zone differs between seeds)."""
    spots = {rules.new_game(s).zones.index("octopus") for s in range(12)}
    assert len(spots) > 2


@pytest.mark.parametrize("seed", SEEDS)
def test_c4_starting_hand_is_fast_learning_plus_three(seed: int) -> None:
    """C-4: Fast Learning plus 3 cards from the rest of the starter deck; limit 4."""
    g = rules.new_game(seed)
    v = rules.view(g, "octopus")["octopus_side"]
    assert "fast_learning" in v["hand"] and len(v["hand"]) == 4
    assert sorted(v["hand"] + v["draw_pile"]) == STARTER
    assert v["hand_limit"] == 4 and v["draw_count"] == 4


def test_c4_starting_draw_is_shuffled() -> None:
    """C-4: the three cards come from a shuffled deck (they vary with the seed)."""
    hands = {tuple(sorted(rules.new_game(s).hand)) for s in range(12)}
    assert len(hands) > 1


def test_c4_only_the_top_card_of_each_pile_is_visible() -> None:
    """C-4: the four piles are face up but only each top card can be seen."""
    g = position(["jet", "blend_in", "curiosity", "jet_2"])
    for viewer in ("octopus", "shark", "spectator"):
        v = rules.view(g, viewer)
        for p, pile in g.piles.items():
            assert v["octopus_side"]["piles"][p]["top"] == pile[-1]
            assert v["octopus_side"]["piles"][p]["count"] == len(pile)
        text = repr(v)
        for pile in g.piles.values():
            for cid in pile[:-1]:
                assert f"'{cid}'" not in text, (viewer, cid)


def test_c4_hand_limit_restricts_only_the_draw_action() -> None:
    """C-4/O-1: Draw is offered below the limit and not at it."""
    g = position(["jet", "blend_in", "curiosity", "jet_2"])
    assert "draw" not in texts(g, "octopus")
    g = position(["jet", "blend_in", "curiosity"])
    assert "draw" in texts(g, "octopus")


def test_c4_effects_may_exceed_the_hand_limit_and_nothing_forces_a_discard() -> None:
    """C-4: Fast Learning and Sand Cover add cards beyond the limit; the turn ends with the
    hand above the limit and no discard is asked for."""
    g = position(["fast_learning", "sand_cover", "jet", "jet_2", "blend_in", "curiosity"],
                 revealed=("B1",))
    assert len(g.hand) == 6 and g.hand_limit == 4
    do(g, "octopus", "play fast_learning", "learn move")
    assert len(g.hand) == 6
    assert "draw" not in texts(g, "octopus")
    do(g, "octopus", "play sand_cover", "hide B1")
    assert len(g.hand) == 6
    assert rules.pending(g)["seats"] == ["shark"]
    assert rules.legal_actions(g, "octopus") == []


def test_c4_hand_limit_rises_to_six_at_most() -> None:
    """C-4: effects raise the limit up to 6."""
    g = position(["deep_thought", "jet", "blend_in"])
    g.hand_limit = 5
    do(g, "octopus", "play deep_thought", "pay B1 C1", "learn move")
    assert g.hand_limit == 6
    assert rules.view(g, "shark")["octopus_side"]["hand_limit"] == 6


def test_c4_plus_one_past_six_does_nothing_and_keeps_the_card_playable() -> None:
    """C-4: at limit 6 Deep Thought is still playable; the limit stays 6."""
    g = position(["deep_thought", "jet", "blend_in"])
    g.hand_limit = 6
    assert "play deep_thought" in texts(g, "octopus")
    do(g, "octopus", "play deep_thought", "pay B1 C1", "learn move")
    assert g.hand_limit == 6
    assert len(g.hand) == 3  # jet, blend_in and the learned card


def test_c5_food_track_and_supply_are_public() -> None:
    """C-5: the Food Track (4 spaces) and the supply are in everyone's view."""
    g = position(["jet", "blend_in", "curiosity", "jet_2"])
    g.food_track = ["crab"]
    g.supply["shell"] = 2
    for viewer in ("shark", "spectator"):
        side = rules.view(g, viewer)["octopus_side"]
        assert side["food_track"] == ["crab"] and side["food_max"] == 4
        assert side["supply"] == {k: n for k, n in g.supply.items() if n}


@pytest.mark.parametrize("seed", SEEDS)
def test_c6_setup_order_hand_then_den_with_every_block_known(seed: int) -> None:
    """C-6: blocks are placed and the hand drawn before the den decision, which the Octopus
    makes knowing every block; then the Octopus takes the first turn."""
    g = rules.new_game(seed)
    assert rules.pending(g)["kind"] == "place_shark"
    v = rules.view(g, "octopus")
    assert len(v["octopus_side"]["hand"]) == 4
    assert [z["block"] for z in v["zones"]] == g.zones
    assert all(z["block"] is None for z in rules.view(g, "shark")["zones"])
    rules.apply(g, "octopus", "den 21")
    assert rules.pending(g)["kind"] == "octopus_turn"
    assert g.actions == 0 and g.round == 1


# -- O-1, O-2: the turn --------------------------------------------------------------------
def test_o1_exactly_two_actions_then_the_turn_ends() -> None:
    """O-1: the turn can't end after one action and can't go on after two."""
    g = position(["jet", "blend_in", "curiosity", "jet_2"])
    do(g, "octopus", "discard blend_in")
    assert rules.pending(g)["kind"] == "octopus_turn"
    assert "end" not in texts(g, "octopus")
    do(g, "octopus", "discard curiosity")
    assert rules.pending(g)["seats"] == ["shark"]
    assert g.phase == "shark"


def test_o1_the_same_action_twice() -> None:
    """O-1: the same action may be taken twice (two card plays of the same design)."""
    g = position(["jet", "jet_2", "blend_in", "curiosity"])
    do(g, "octopus", "play jet", "pay C3", "swap A1 B1")
    assert "play jet_2" in texts(g, "octopus")
    do(g, "octopus", "play jet_2", "pay C2", "swap B1 C1")
    assert zone(g, "C1") == "octopus"
    assert sorted(g.discard) == ["jet", "jet_2"]


def test_o1_draw_fills_the_hand_up_to_the_limit() -> None:
    """O-1: Draw takes cards until the hand reaches the limit (here 4, then 5)."""
    g = position(["jet"])
    do(g, "octopus", "draw")
    assert len(g.hand) == 4
    g = position(["jet", "blend_in"])
    g.hand_limit = 5
    do(g, "octopus", "draw")
    assert len(g.hand) == 5


def test_o1_no_second_draw_once_the_hand_is_at_the_limit() -> None:
    """O-1: after drawing up to the limit, Draw isn't offered again."""
    g = position(["jet"])
    do(g, "octopus", "draw")
    assert "draw" not in texts(g, "octopus")


def test_o1_empty_hand_draw_is_the_only_action() -> None:
    """O-1: with an empty hand the only action is Draw."""
    g = position([])
    assert texts(g, "octopus") == ["draw"]
    do(g, "octopus", "draw")
    assert len(g.hand) == 4


def test_o1_empty_hand_and_empty_piles_still_allows_draw() -> None:
    """O-1 with G-1 (the player to act always has a command) and G-6 (drawing stops):
    with no cards anywhere Draw is still the action and it draws nothing."""
    g = position([])
    g.draw, g.discard = [], []
    assert texts(g, "octopus") == ["draw"]
    do(g, "octopus", "draw")
    assert g.hand == [] and g.actions == 1
    do(g, "octopus", "draw")
    assert rules.pending(g)["seats"] == ["shark"]


def test_o1_discard_and_hide_the_hide_is_optional() -> None:
    """O-1: Discard one card, then the Octopus may (not must) hide one revealed block."""
    g = position(["jet", "jet_2", "blend_in", "curiosity"], revealed=("B1", "C1"))
    do(g, "octopus", "discard blend_in")
    assert set(texts(g, "octopus")) == {"hide B1", "hide C1", "skip", "cancel"}
    do(g, "octopus", "skip")
    assert g.discard == ["blend_in"] and not is_hidden(g, "B1") and g.actions == 1
    do(g, "octopus", "discard curiosity", "hide C1")
    assert is_hidden(g, "C1") and not is_hidden(g, "B1")
    assert g.discard == ["blend_in", "curiosity"]


def test_o1_discard_with_nothing_revealed_is_one_step() -> None:
    """O-1: with no revealed block there is nothing to hide: the discard is the action."""
    g = position(["jet", "jet_2", "blend_in", "curiosity"])
    do(g, "octopus", "discard jet")
    assert g.actions == 1 and g.partial["octopus"] == []


def test_o2_played_cards_go_to_the_discard_pile_at_turn_end() -> None:
    """O-2: a played card sits in an action slot until the turn ends, then is discarded."""
    g = position(["jet", "jet_2", "blend_in", "curiosity"])
    do(g, "octopus", "play jet", "pay C3", "swap A1 B1")
    side = rules.view(g, "shark")["octopus_side"]
    assert side["slots"] == ["jet"] and "jet" not in side["discard"]
    do(g, "octopus", "discard curiosity", "skip")
    side = rules.view(g, "shark")["octopus_side"]
    assert side["slots"] == [] and sorted(side["discard"]) == ["curiosity", "jet"]


def test_o2_a_trashed_eat_card_does_not_go_to_the_discard_pile() -> None:
    """O-2/O-8: the played Eat card is trashed, so turn end doesn't discard it."""
    g = position(["eat_crab", "jet", "blend_in", "curiosity"], blocks={"B1": "crab"})
    do(g, "octopus", "play eat_crab", "discard jet", "skip")
    do(g, "octopus", "end")
    assert g.phase == "shark"
    assert "eat_crab" not in g.discard and g.o_trash == ["eat_crab"]
    assert rules.view(g, "shark")["octopus_side"]["trash"] == ["eat_crab"]


# -- O-3: paying and playability -------------------------------------------------------------
def test_o3_minimal_payment_sets_for_cost_one() -> None:
    """O-3: cost 1 is paid by any single hidden block (the Octopus and traps included);
    revealed blocks can't pay."""
    g = position(["jet", "blend_in", "curiosity", "jet_2"], revealed=("B1",))
    do(g, "octopus", "play jet")
    assert with_prefix(g, "pay") == {f"pay {z}" for z in ZONES if z != "B1"}


def test_o3_minimal_payment_sets_for_cost_two_with_a_double_shell() -> None:
    """O-3: for cost 2 the Double Shell pays alone and never with another block; any two
    other hidden blocks pay; a single ordinary block doesn't."""
    g = position(["whirlpool", "jet"], blocks={"B1": "double_shell"},
                 revealed=("C2", "A3", "B3", "C3"))
    do(g, "octopus", "play whirlpool")
    others = ["A1", "C1", "A2", "B2"]
    expected = {"pay B1"} | {f"pay {zs(a, b)}" for a, b in combinations(others, 2)}
    assert with_prefix(g, "pay") == expected


def test_o3_double_shell_alone_pays_a_cost_of_one() -> None:
    """O-3: dropping the Double Shell would leave less than 1, so it alone is minimal."""
    g = position(["jet", "blend_in"], blocks={"B1": "double_shell"})
    do(g, "octopus", "play jet")
    assert "pay B1" in texts(g, "octopus")
    do(g, "octopus", "pay B1", "swap A1 A2")
    assert not is_hidden(g, "B1")
    assert sum(not is_hidden(g, z) for z in ZONES) == 1


def test_o3_double_shell_alone_pays_a_cost_of_two() -> None:
    """O-3: with the Double Shell as the only hidden block a cost-2 card can be paid."""
    hidden = {"B1"}
    g = position(["deep_thought", "jet"], blocks={"B1": "double_shell"},
                 revealed=tuple(z for z in ZONES if z not in hidden))
    assert "play deep_thought" in texts(g, "octopus")
    do(g, "octopus", "play deep_thought")
    assert with_prefix(g, "pay") == {"pay B1"}


def test_o3_card_unplayable_when_its_cost_cannot_be_paid() -> None:
    """O-3: one ordinary hidden block can't pay a cost of 2; none can't pay 1."""
    g = position(["deep_thought", "jet", "blend_in"],
                 revealed=tuple(z for z in ZONES if z != "C3"))
    acts = texts(g, "octopus")
    assert "play deep_thought" not in acts and "play jet" in acts
    g = position(["jet", "curiosity", "blend_in"], revealed=ZONES)
    acts = texts(g, "octopus")
    assert "play jet" not in acts and "play curiosity" not in acts
    assert "play blend_in" in acts


def test_o3_blend_in_needs_a_revealed_block() -> None:
    """O-3: "up to N" needs at least one: Blend In with nothing revealed is unplayable."""
    g = position(["blend_in", "jet"])
    assert "play blend_in" not in texts(g, "octopus")
    g = position(["blend_in", "jet"], revealed=("C2",))
    assert "play blend_in" in texts(g, "octopus")


def test_o3_stir_the_sand_needs_two_hidden_blocks_after_paying() -> None:
    """O-3: with 2 hidden blocks, paying leaves 1: Stir the Sand can't shuffle, so it can't
    be played; with 3 it can, and every offered payment leaves 2 to shuffle."""
    two = position(["stir_the_sand", "jet"], revealed=tuple(ZONES[2:]))
    assert "play stir_the_sand" not in texts(two, "octopus")
    assert "play jet" in texts(two, "octopus")
    ds = position(["stir_the_sand", "jet"], blocks={"A1": "double_shell", "C3": "octopus"},
                  revealed=tuple(ZONES[2:]))
    assert "play stir_the_sand" not in texts(ds, "octopus")
    three = position(["stir_the_sand", "jet"], revealed=tuple(ZONES[3:]))
    do(three, "octopus", "play stir_the_sand")
    assert with_prefix(three, "pay") == {"pay A1", "pay B1", "pay C1"}


def test_o3_learn_with_nothing_learnable_is_unplayable() -> None:
    """O-3: Curiosity needs a pile top or a gainable supply block after paying."""
    g = position(["curiosity", "jet"])
    for p in g.piles:
        g.piles[p] = []
    g.supply = {}
    assert "play curiosity" not in texts(g, "octopus")
    g.supply = {"shell": 1}
    g._cache = {}
    assert "play curiosity" in texts(g, "octopus")


def test_o3_a_payment_that_leaves_the_effect_impossible_is_not_offered() -> None:
    """O-3: the whole effect must happen after paying: Set a Trap needs a revealed block to
    replace, so with everything hidden it can't be paid with the Octopus or a food (neither
    can be replaced once revealed), only with a block that then can."""
    g = position(["set_a_trap", "jet"], blocks={"B1": "crab"})
    do(g, "octopus", "play set_a_trap")
    assert with_prefix(g, "pay") == {f"pay {z}" for z in ZONES if z not in ("A1", "B1")}


def test_o3_study_needs_two_items() -> None:
    """O-3: Learn 2 is the whole effect: with only one item to gain, Study can't be played
    (Curiosity, Learn 1, still can)."""
    g = position(["study", "curiosity", "jet"])
    g.piles = {"move": ["slither"], "hide": [], "learn": [], "eat": []}
    g.supply = {}
    acts = texts(g, "octopus")
    assert "play study" not in acts and "play curiosity" in acts
    g.piles["move"] = ["whirlpool", "slither"]
    g._cache = {}
    assert "play study" in texts(g, "octopus")


def test_o3_sand_cover_needs_a_revealed_block() -> None:
    """O-3: Sand Cover's hide must happen, so with nothing revealed it can't be played."""
    assert "play sand_cover" not in texts(position(["sand_cover", "jet"]), "octopus")
    assert "play sand_cover" in texts(position(["sand_cover", "jet"], revealed=("C3",)),
                                      "octopus")


def test_o3_refused_play_leaves_the_game_untouched() -> None:
    """O-3: the check happens before anything changes: an illegal play raises and the game
    is exactly as before."""
    g = position(["blend_in", "jet"])
    before = rules.dump(g)
    with pytest.raises(IllegalAction) as err:
        rules.apply(g, "octopus", "play blend_in")
    assert err.value.code == "illegal"
    assert rules.dump(g) == before


# -- O-4, O-5, O-6: reveal, hide, swap, shuffle --------------------------------------------------
def test_o4_reveal_and_hide_change_only_visibility() -> None:
    """O-4: paying reveals and Blend In hides, leaving every block where it was."""
    g = position(["deep_thought", "blend_in", "jet"], revealed=("C2",))
    layout = list(g.zones)
    do(g, "octopus", "play deep_thought", "pay A1 B1", "learn move")
    assert g.zones == layout
    assert [z for z in ZONES if not is_hidden(g, z)] == ["A1", "B1", "C2"]
    do(g, "octopus", "play blend_in", "hide A1 C2")
    assert g.zones == layout
    assert [z for z in ZONES if not is_hidden(g, z)] == ["B1"]


def test_o5_swap_exchanges_blocks_and_each_keeps_its_state() -> None:
    """O-5: a hidden Octopus swapped with a revealed shell stays hidden, the shell revealed."""
    g = position(["jet", "blend_in"], revealed=("B1",))
    do(g, "octopus", "play jet", "pay C3", "swap A1 B1")
    assert zone(g, "B1") == "octopus" and is_hidden(g, "B1")
    assert zone(g, "A1") == "shell" and not is_hidden(g, "A1")


def test_o5_everyone_sees_which_zones_swapped() -> None:
    """O-5: the swap event names both zones for the Shark, and the Shark's knowledge moves
    with the blocks (the known shell is now in A1, the unknown block in B1)."""
    g = position(["jet", "blend_in"], revealed=("B1",))
    events = do(g, "octopus", "play jet", "pay C3", "swap A1 B1")
    swaps = [rules.event_view(e, "shark") for e in events if e["type"] == "swap"]
    assert len(swaps) == 1 and swaps[0]["zones"] == ["A1", "B1"]
    zones = {z["zone"]: z for z in rules.view(g, "shark")["zones"]}
    assert zones["A1"]["block"] == "shell"
    assert zones["B1"]["block"] is None and "octopus" in zones["B1"]["candidates"]


def test_o5_jet_swaps_only_orthogonally_adjacent_zones() -> None:
    """O-5: unless a card says otherwise, the two zones are orthogonally adjacent."""
    g = position(["jet", "blend_in"])
    do(g, "octopus", "play jet", "pay C3")
    assert with_prefix(g, "swap") == {f"swap {a} {b}" for a, b in ORTH}
    assert "swap A1 B2" not in texts(g, "octopus")


def test_o6_shuffle_chooses_two_to_n_hidden_blocks() -> None:
    """O-6: Stir the Sand offers every set of 2..3 hidden blocks, and only hidden ones."""
    g = position(["stir_the_sand", "jet"], revealed=("B1", "C1", "A2"))
    do(g, "octopus", "play stir_the_sand", "pay C3")
    hidden = ["A1", "B2", "C2", "A3", "B3"]
    expected = {f"shuffle {zs(*s)}" for n in (2, 3) for s in combinations(hidden, n)}
    assert with_prefix(g, "shuffle") == expected


@pytest.mark.parametrize("seed", SEEDS)
def test_o6_shuffled_blocks_stay_hidden_among_their_own_zones(seed: int) -> None:
    """O-6: the chosen blocks are permuted among the chosen zones and stay hidden; no other
    zone changes."""
    g = position(["whirlpool", "jet"], seed=seed, revealed=("C1",))
    do(g, "octopus", "play whirlpool", "pay B3 C3")
    chosen = ["A1", "B1", "A2", "B2", "A3"]
    before = {z: zone(g, z) for z in ZONES}
    do(g, "octopus", f"shuffle {zs(*chosen)}")
    assert Counter(zone(g, z) for z in chosen) == Counter(before[z] for z in chosen)
    assert all(is_hidden(g, z) for z in chosen)
    assert all(zone(g, z) == before[z] for z in ZONES if z not in chosen)
    assert not is_hidden(g, "C1")


def test_o6_shuffle_is_random() -> None:
    """O-6: the redistribution is random: the Octopus lands in different zones."""
    spots = set()
    for seed in range(10):
        g = position(["whirlpool", "jet"], seed=seed)
        do(g, "octopus", "play whirlpool", "pay B3 C3", "shuffle A1 B1 C1 A2 B2")
        spots.add(g.zones.index("octopus"))
    assert len(spots) > 2


def test_o6_zones_are_public_and_the_sharks_candidates_merge() -> None:
    """O-6: the Shark sees which zones took part; what it knew about each of them merges
    (a known shell and a known trap become "shell or trap" in both zones)."""
    g = position(["blend_in", "stir_the_sand", "jet"], revealed=("B1", "A3"))
    do(g, "octopus", "play blend_in", "hide B1 A3")
    before = {z["zone"]: z for z in rules.view(g, "shark")["zones"]}
    assert before["B1"]["known"] == "shell" and before["A3"]["known"] == "stinger"
    events = do(g, "octopus", "play stir_the_sand", "pay C3", "shuffle B1 A3")
    shuffles = [rules.event_view(e, "shark") for e in events if e["type"] == "shuffle"]
    assert [e["zones"] for e in shuffles] == [["B1", "A3"]]
    assert "block" not in shuffles[0]
    for viewer in ("shark", "spectator"):
        after = {z["zone"]: z for z in rules.view(g, viewer)["zones"]}
        for z in ("B1", "A3"):
            assert after[z]["block"] is None and after[z]["known"] is None
            assert after[z]["candidates"] == ["shell", "stinger"]
        assert after["A1"]["candidates"] == before["A1"]["candidates"]


# -- O-7: Learn ------------------------------------------------------------------------------
def test_o7_a_learned_card_goes_to_the_discard_pile() -> None:
    """O-7: by default the gained card goes to the discard pile, and the next card of that
    pile becomes its visible top."""
    g = position(["curiosity", "jet"])
    top, below = g.piles["hide"][-1], g.piles["hide"][-2]
    do(g, "octopus", "play curiosity", "pay C3", "learn hide")
    assert g.discard == [top] and top not in g.hand
    assert rules.view(g, "shark")["octopus_side"]["piles"]["hide"]["top"] == below


def test_o7_into_your_hand_cards_put_the_card_in_hand() -> None:
    """O-7: "into your hand" (Fast Learning) puts the gained card in hand, publicly."""
    g = position(["fast_learning", "jet"])
    top = g.piles["learn"][-1]
    do(g, "octopus", "play fast_learning", "learn learn")
    assert top in g.hand and top not in g.discard
    assert top in rules.view(g, "shark")["octopus_side"]["hand_known"]


def test_o7_a_block_replaces_a_revealed_non_octopus_non_food_block() -> None:
    """O-7: a supply block goes onto a revealed block that is neither the Octopus nor a food;
    the replaced block returns to the supply and the new one enters revealed. Reading: a
    block revealed to pay for this very card (C3) counts as revealed (the FAQ's "previously
    revealed" is taken as "revealed when the block is gained")."""
    g = position(["curiosity", "jet"], blocks={"C1": "crab"}, revealed=("A1", "B1", "C1", "A3"))
    do(g, "octopus", "play curiosity", "pay C3")
    learn = with_prefix(g, "learn ")
    assert {"learn shell", "learn double_shell", "learn ink_burst", "learn tangle",
            "learn scare"} <= learn
    do(g, "octopus", "learn tangle")
    assert with_prefix(g, "replace") == {"replace B1", "replace A3", "replace C3"}
    do(g, "octopus", "replace A3")
    assert zone(g, "A3") == "tangle" and not is_hidden(g, "A3")
    assert g.supply["tangle"] == 0 and g.supply["stinger"] == 1
    events = rules.view(g, "shark")["last_events"]
    assert any(e["type"] == "replace" and e["zones"] == ["A3"] for e in events)


def test_o7_no_block_can_be_gained_without_a_replaceable_block() -> None:
    """O-7: if after paying only the Octopus and foods are revealed, no block (and no food
    with its Eat card) can be learned, but pile cards can."""
    foods = {"B1": "crab", "C1": "sea_snail", "A2": "shrimp", "B2": "clam"}
    g = position(["curiosity", "jet"], blocks=foods, revealed=tuple(foods))
    g.piles["eat"] = ["eat_crab"]  # a pile card that would bring a food
    do(g, "octopus", "play curiosity", "pay A1")
    assert with_prefix(g, "learn ") == {"learn move", "learn hide", "learn learn"}
    g = position(["curiosity", "jet"], blocks=foods, revealed=tuple(foods))
    do(g, "octopus", "play curiosity", "pay C2")
    assert "learn shell" in texts(g, "octopus")


def test_o7_food_and_eat_card_are_one_item() -> None:
    """O-7 (FAQ): learning from the Eat pile is one item: the Eat card goes to the discard
    pile and its food replaces a revealed block; Study still has its second item left."""
    g = position(["study", "jet"], revealed=("B1",))
    card = g.piles["eat"][-1]
    food = data().food_of_card[card]
    move_top = g.piles["move"][-1]
    shells = g.supply["shell"]
    do(g, "octopus", "play study", "pay C3", "learn eat", "replace B1")
    assert g.partial["octopus"], "one item gained, the second is still to choose"
    do(g, "octopus", "learn move")
    assert g.discard == [card, move_top]
    assert zone(g, "B1") == food and not is_hidden(g, "B1")
    assert g.supply["shell"] == shells + 1
    assert g.food_track == [] and g.banked == []


def test_o7_learn_two_from_the_same_pile_takes_the_new_top() -> None:
    """O-7: with Learn 2 both items may come from one pile; the second is the new top."""
    g = position(["study", "jet"])
    first, second = g.piles["move"][-1], g.piles["move"][-2]
    do(g, "octopus", "play study", "pay C3", "learn move")
    assert "learn move" in texts(g, "octopus")
    do(g, "octopus", "learn move")
    assert g.discard == [first, second]


# -- O-8: Eat and banked food ------------------------------------------------------------------
def test_o8_eat_needs_the_food_orthogonally_adjacent_to_the_octopus() -> None:
    """O-8: the food must be on the board orthogonally next to the Octopus."""
    hand = ["eat_crab", "jet"]
    assert "play eat_crab" in texts(position(hand, blocks={"A2": "crab"}), "octopus")
    assert "play eat_crab" not in texts(position(hand, blocks={"B2": "crab"}), "octopus")
    assert "play eat_crab" not in texts(position(hand, blocks={"C1": "crab"}), "octopus")
    assert "play eat_crab" not in texts(position(hand), "octopus")  # food not on the board


def test_o8_eat_reveals_both_moves_the_food_and_refills_with_a_shell() -> None:
    """O-8: cost 0; the Octopus and the food are revealed, the food goes on the Food Track,
    its zone takes a revealed Shell from the supply, the Eat card is trashed and the food's
    effect is banked."""
    g = position(["eat_crab", "jet"], blocks={"B1": "crab"})
    events = do(g, "octopus", "play eat_crab")
    reveals = {e["zones"][0]: e["block"] for e in events if e["type"] == "reveal"}
    assert reveals == {"A1": "octopus", "B1": "crab"}
    assert not is_hidden(g, "A1")
    assert zone(g, "B1") == "shell" and not is_hidden(g, "B1")
    assert g.supply["shell"] == 0
    assert g.food_track == ["crab"] and g.banked == ["crab"]
    assert g.o_trash == ["eat_crab"] and "eat_crab" not in g.slots
    assert sum(not is_hidden(g, z) for z in ZONES) == 2  # no cost was paid


def test_o8_eaten_food_zone_takes_the_double_shell_without_a_shell() -> None:
    """O-8: no Shell in the supply: the Double Shell fills the zone, revealed."""
    g = position(["eat_crab", "jet"], blocks={"B1": "crab"})
    g.supply["shell"] = 0
    do(g, "octopus", "play eat_crab")
    assert zone(g, "B1") == "double_shell" and not is_hidden(g, "B1")
    assert g.supply["double_shell"] == 0


def test_o8_banked_effect_between_actions_usable_once() -> None:
    """O-8: the banked effect may be used between actions, once."""
    g = position(["eat_crab", "jet", "blend_in"], blocks={"B1": "crab"})
    do(g, "octopus", "play eat_crab")
    assert "food crab" in texts(g, "octopus")
    do(g, "octopus", "food crab", "swap A1 A2")
    assert zone(g, "A2") == "octopus" and g.banked == []
    assert g.actions == 1  # using it is not an action
    assert not with_prefix(g, "food")


def test_o8_banked_effect_not_during_an_action() -> None:
    """O-8: it can't be used inside an action (while a card is half played)."""
    g = position(["jet", "blend_in"])
    g.food_track, g.banked = ["crab"], ["crab"]
    assert "food crab" in texts(g, "octopus")
    do(g, "octopus", "play jet")
    assert not with_prefix(g, "food")
    do(g, "octopus", "pay C3")
    assert not with_prefix(g, "food")
    do(g, "octopus", "swap A1 B1")
    assert "food crab" in texts(g, "octopus")


def test_o8_banked_effect_after_the_second_action_before_end() -> None:
    """O-8: after both actions the turn waits for `end` while a banked effect is usable; it
    can be used then, or kept for a later turn."""
    g = position(["jet", "blend_in", "curiosity"])
    g.food_track, g.banked = ["crab"], ["crab"]
    do(g, "octopus", "discard blend_in", "discard curiosity")
    assert set(texts(g, "octopus")) == {"end", "food crab"}
    do(g, "octopus", "food crab", "swap A1 B1")
    assert zone(g, "B1") == "octopus" and g.banked == []
    assert rules.pending(g)["seats"] == ["shark"]  # nothing is left to decide: the turn ends


def test_o8_banked_effect_kept_for_a_later_turn() -> None:
    """O-8: ending the turn without using it keeps it banked, usable before the first
    action of the next Octopus turn."""
    g = position(["jet", "blend_in", "curiosity"])
    g.food_track, g.banked = ["crab"], ["crab"]
    do(g, "octopus", "discard blend_in", "discard curiosity", "end")
    assert g.banked == ["crab"]
    assert rules.legal_actions(g, "octopus") == []  # not in the Shark's turn
    assert rules.view(g, "shark")["octopus_side"]["banked"] == ["crab"]
    finish_shark_turn(g)
    assert g.actions == 0 and "food crab" in texts(g, "octopus")


# -- multi-step commands ------------------------------------------------------------------
def test_x5_partial_command_is_private_to_the_octopus() -> None:
    """X-5: while the Octopus builds a command, the Shark's and spectators' views do not
    change at all (not even a step counter: views count completed commands only); only
    the Octopus's view shows the partial command."""
    g = position(["jet", "blend_in"], revealed=("B1",))
    shark, spec = rules.view(g, "shark"), rules.view(g, "spectator")
    version = g.version
    assert do(g, "octopus", "play jet", "pay A1") == []  # no event reaches anyone
    assert rules.view(g, "shark") == shark
    assert rules.view(g, "spectator") == spec
    assert g.version == version + 2 and g.moves == shark["moves"]
    assert rules.view(g, "octopus")["octopus_side"]["partial"] == ["play jet", "pay A1"]
    assert is_hidden(g, "A1") and g.hand == ["jet", "blend_in"]


def test_x5_cancel_restores_the_position() -> None:
    """X-5: `cancel` drops the partial command; the game is as before (bar the counters)."""
    g = position(["jet", "blend_in"])
    before = g.to_dict()
    legal = texts(g, "octopus")
    do(g, "octopus", "play jet", "pay A1", "cancel")
    after = g.to_dict()
    for k in ("version", "history"):
        before.pop(k)
        after.pop(k)
    assert after == before
    assert texts(g, "octopus") == legal


def test_x5_random_outcomes_only_when_the_command_applies() -> None:
    """X-5: the shuffle's randomness is drawn only on the last step, and a cancelled command
    draws none."""
    g = position(["stir_the_sand", "sand_cover", "jet"], revealed=("B1",))
    state = g.rng.state
    do(g, "octopus", "play stir_the_sand", "pay C3")
    assert g.rng.state == state
    do(g, "octopus", "cancel", "play sand_cover")
    assert g.rng.state == state
    do(g, "octopus", "cancel", "play stir_the_sand", "pay C3", "shuffle A1 B2 C2")
    assert g.rng.state != state


def test_x5_a_draw_inside_a_card_happens_only_when_it_applies() -> None:
    """X-5: Sand Cover's draw happens on the last step, not when the card is picked."""
    g = position(["sand_cover", "jet"], revealed=("B1",))
    do(g, "octopus", "play sand_cover")
    assert g.hand == ["sand_cover", "jet"] and len(g.draw) == 7
    assert rules.view(g, "shark")["octopus_side"]["hand_count"] == 2
    do(g, "octopus", "hide B1")
    assert len(g.hand) == 2 and len(g.draw) == 6


# -- D-1: every Octopus card -------------------------------------------------------------------
@pytest.mark.parametrize("seed", SEEDS)
def test_d1_the_four_piles_hold_their_cards(seed: int) -> None:
    """D-1/C-4: Move, Hide, Learn and Eat piles hold their three (Eat: four) cards; with the
    starter deck that is 21 action cards."""
    g = rules.new_game(seed)
    assert {p: sorted(c) for p, c in g.piles.items()} == {
        "move": ["long_reach", "slither", "whirlpool"],
        "hide": ["ink_cloud", "mimic", "sand_cover"],
        "learn": ["deep_thought", "set_a_trap", "study"],
        "eat": ["eat_clam", "eat_crab", "eat_sea_snail", "eat_shrimp"],
    }
    assert len(g.hand) + len(g.draw) + sum(len(c) for c in g.piles.values()) == 21


def test_d1_each_pile_is_shuffled_separately() -> None:
    """C-4: each pile is shuffled: its top card varies between games."""
    tops = {p: {rules.new_game(s).piles[p][-1] for s in range(12)} for p in
            ("move", "hide", "learn", "eat")}
    assert all(len(t) > 1 for t in tops.values()), tops


def test_d1_fast_learning_costs_nothing_and_learns_a_card_into_hand() -> None:
    """D-1 Fast Learning: cost 0, Learn 1 card (never a block) into the hand."""
    g = position(["fast_learning", "jet"], revealed=("B1",))
    do(g, "octopus", "play fast_learning")
    assert with_prefix(g, "learn ") == {"learn move", "learn hide", "learn learn", "learn eat"}
    assert not with_prefix(g, "pay")
    top = g.piles["move"][-1]
    do(g, "octopus", "learn move")
    assert top in g.hand and all(is_hidden(g, z) for z in ZONES if z != "B1")


def test_d1_jet_costs_one_and_swaps_two_orthogonal_blocks() -> None:
    """D-1 Jet: cost 1; swap 2 orthogonally adjacent blocks."""
    g = position(["jet", "blend_in"])
    do(g, "octopus", "play jet")
    assert len(with_prefix(g, "pay")) == 9
    do(g, "octopus", "pay C3")
    assert with_prefix(g, "swap") == {f"swap {a} {b}" for a, b in ORTH}
    do(g, "octopus", "swap A1 A2")
    assert zone(g, "A2") == "octopus" and zone(g, "A1") == "shell"


def test_d1_stir_the_sand_costs_one_and_shuffles_up_to_three() -> None:
    """D-1 Stir the Sand: cost 1; shuffle 2..3 hidden blocks (never 4)."""
    g = position(["stir_the_sand", "jet"])
    do(g, "octopus", "play stir_the_sand")
    assert with_prefix(g, "pay") == {f"pay {z}" for z in ZONES}
    do(g, "octopus", "pay C3")
    sizes = {len(t.split()) - 1 for t in with_prefix(g, "shuffle")}
    assert sizes == {2, 3}


def test_d1_blend_in_costs_nothing_and_hides_up_to_two() -> None:
    """D-1 Blend In: cost 0; hide 1 or 2 revealed blocks."""
    g = position(["blend_in", "jet"], revealed=("A1", "B1", "C1"))
    do(g, "octopus", "play blend_in")
    assert with_prefix(g, "hide") == {"hide A1", "hide B1", "hide C1", "hide A1 B1",
                                      "hide A1 C1", "hide B1 C1"}
    do(g, "octopus", "hide A1 C1")
    assert is_hidden(g, "A1") and is_hidden(g, "C1") and not is_hidden(g, "B1")


def test_d1_curiosity_costs_one_and_learns_a_card_or_a_supply_block() -> None:
    """D-1 Curiosity: cost 1; Learn 1: a pile's top card or a supply block."""
    g = position(["curiosity", "jet"])
    do(g, "octopus", "play curiosity")
    assert len(with_prefix(g, "pay")) == 9
    do(g, "octopus", "pay C3")  # C3's revealed shell can be replaced
    assert with_prefix(g, "learn ") == {
        "learn move", "learn hide", "learn learn", "learn eat", "learn shell",
        "learn double_shell", "learn ink_burst", "learn tangle", "learn scare"}
    do(g, "octopus", "learn double_shell", "replace C3")
    assert zone(g, "C3") == "double_shell" and g.supply["shell"] == 2


def test_d1_slither_swaps_twice() -> None:
    """D-1 Slither: cost 1; two orthogonal swaps in one play."""
    g = position(["slither", "jet"])
    do(g, "octopus", "play slither", "pay C3", "swap A1 B1")
    assert g.partial["octopus"] and zone(g, "A1") == "octopus"  # nothing applied yet
    assert with_prefix(g, "swap") == {f"swap {a} {b}" for a, b in ORTH}
    do(g, "octopus", "swap B1 C1")
    assert zone(g, "C1") == "octopus" and g.actions == 1


def test_d1_long_reach_swaps_diagonally_too() -> None:
    """D-1 Long Reach: cost 1; the two zones may touch orthogonally or diagonally."""
    g = position(["long_reach", "jet"])
    do(g, "octopus", "play long_reach", "pay C3")
    assert with_prefix(g, "swap") == {f"swap {a} {b}" for a, b in TOUCH}
    assert "swap A1 C1" not in texts(g, "octopus")
    do(g, "octopus", "swap A1 B2")
    assert zone(g, "B2") == "octopus"


def test_d1_whirlpool_costs_two_and_shuffles_up_to_five() -> None:
    """D-1 Whirlpool: cost 2; shuffle 2..5 hidden blocks (never 6)."""
    g = position(["whirlpool", "jet"])
    do(g, "octopus", "play whirlpool")
    assert all(len(t.split()) == 3 for t in with_prefix(g, "pay"))
    do(g, "octopus", "pay B3 C3")
    sizes = {len(t.split()) - 1 for t in with_prefix(g, "shuffle")}
    assert sizes == {2, 3, 4, 5}


def test_d1_ink_cloud_hides_up_to_three() -> None:
    """D-1 Ink Cloud: cost 0; hide 1..3 revealed blocks (never 4)."""
    g = position(["ink_cloud", "jet"], revealed=("A1", "B1", "C1", "A2"))
    do(g, "octopus", "play ink_cloud")
    sizes = {len(t.split()) - 1 for t in with_prefix(g, "hide")}
    assert sizes == {1, 2, 3}
    do(g, "octopus", "hide A1 B1 C1")
    assert [z for z in ZONES if not is_hidden(g, z)] == ["A2"]


def test_d1_sand_cover_hides_one_then_draws_one() -> None:
    """D-1 Sand Cover: cost 0; hide exactly 1 revealed block, then draw 1 card (the draw
    ignores the hand limit)."""
    g = position(["sand_cover", "jet", "jet_2", "blend_in", "curiosity"], revealed=("A1", "B1"))
    do(g, "octopus", "play sand_cover")
    assert with_prefix(g, "hide") == {"hide A1", "hide B1"}
    events = do(g, "octopus", "hide A1")
    assert is_hidden(g, "A1") and not is_hidden(g, "B1")
    assert len(g.hand) == 5
    kinds = event_types(events)
    assert kinds.index("hide") < kinds.index("draw")


def test_d1_mimic_hides_a_whole_row_or_column() -> None:
    """D-1 Mimic: cost 1; every revealed block in one row or column with at least one."""
    g = position(["mimic", "jet"], revealed=("B1", "B2", "C3"))
    do(g, "octopus", "play mimic", "pay A1")  # A1 is now revealed too
    assert with_prefix(g, "line") == {"line A", "line B", "line C", "line 1", "line 2",
                                      "line 3"}
    do(g, "octopus", "line B")
    assert is_hidden(g, "B1") and is_hidden(g, "B2")
    assert not is_hidden(g, "A1") and not is_hidden(g, "C3")


def test_d1_mimic_needs_a_line_with_a_revealed_block() -> None:
    """D-1 Mimic: lines with nothing revealed aren't offered (paying reveals one block)."""
    g = position(["mimic", "jet"])
    do(g, "octopus", "play mimic", "pay B2")
    assert with_prefix(g, "line") == {"line B", "line 2"}


def test_d1_study_learns_two_items() -> None:
    """D-1 Study: cost 1; Learn 2 (a card and a supply block here)."""
    g = position(["study", "jet"])
    top = g.piles["hide"][-1]
    do(g, "octopus", "play study", "pay C3", "learn hide", "learn scare", "replace C3")
    assert g.discard == [top] and zone(g, "C3") == "scare" and g.actions == 1


def test_d1_set_a_trap_learns_only_a_trap_block() -> None:
    """D-1 Set a Trap: cost 1; Learn 1 trap from the supply (no card, shell or Double
    Shell); with no trap in the supply it can't be played."""
    g = position(["set_a_trap", "jet"])
    do(g, "octopus", "play set_a_trap", "pay C3")
    assert with_prefix(g, "learn ") == {"learn ink_burst", "learn tangle", "learn scare"}
    do(g, "octopus", "learn ink_burst", "replace C3")
    assert zone(g, "C3") == "ink_burst" and not is_hidden(g, "C3")
    g = position(["set_a_trap", "jet"])
    g.supply = {"shell": 1, "double_shell": 1}
    assert "play set_a_trap" not in texts(g, "octopus")


def test_d1_deep_thought_learns_into_hand_and_raises_the_limit() -> None:
    """D-1 Deep Thought: cost 2; Learn 1 card into the hand; hand limit +1."""
    g = position(["deep_thought", "jet"])
    do(g, "octopus", "play deep_thought")
    assert all(len(t.split()) == 3 for t in with_prefix(g, "pay"))
    top = g.piles["learn"][-1]
    do(g, "octopus", "pay B3 C3")
    assert with_prefix(g, "learn ") == {"learn move", "learn hide", "learn learn", "learn eat"}
    do(g, "octopus", "learn learn")
    assert top in g.hand and g.hand_limit == 5
    assert "draw" in texts(g, "octopus")  # 2 cards, limit 5


@pytest.mark.parametrize("food", ["crab", "sea_snail", "shrimp", "clam"])
def test_d1_eat_cards_cost_nothing_and_eat_their_food(food: str) -> None:
    """D-1 Eat cards: cost 0; each eats its own food (O-8) and only that one."""
    card = food_card(food)
    g = position([card, "jet"], blocks={"A2": food, "B1": "shrimp" if food != "shrimp"
                                        else "crab"})
    do(g, "octopus", f"play {card}")
    assert g.food_track == [food] and g.banked == [food]
    assert zone(g, "A2") == "shell"
    assert zone(g, "B1") in ("shrimp", "crab")  # the other food stays


# -- D-4: food effects -------------------------------------------------------------------------
def banked(food: str, hand: list[str], **kw: Any) -> Game:
    """A position where `food` was eaten earlier and its effect is still banked (O-8)."""
    g = position(hand, **kw)
    g.food_track, g.banked = [food], [food]
    g._cache = {}
    return g


def test_d4_crab_swaps_two_orthogonal_blocks() -> None:
    """D-4 Crab: swap 2 orthogonally adjacent blocks (no cost, states kept)."""
    g = banked("crab", ["jet"], revealed=("B1",))
    do(g, "octopus", "food crab")
    assert with_prefix(g, "swap") == {f"swap {a} {b}" for a, b in ORTH}
    do(g, "octopus", "swap A1 B1")
    assert zone(g, "B1") == "octopus" and is_hidden(g, "B1") and not is_hidden(g, "A1")
    assert g.actions == 0 and g.banked == []


@pytest.mark.parametrize("seed", SEEDS)
def test_d4_sea_snail_from_the_draw_pile_is_secret_and_reshuffles(seed: int) -> None:
    """D-4 Sea Snail: a card from the draw pile goes to the hand; the pile is shuffled and
    the Shark doesn't learn which card it was."""
    g = banked("sea_snail", ["jet"], seed=seed)
    g.draw = ["blend_in", "curiosity", "stir_the_sand", "jet_2", "curiosity_2", "blend_in_2"]
    secret_hand(g)
    shark_before = rules.view(g, "shark")["octopus_side"]
    do(g, "octopus", "food sea_snail")
    assert "take stir_the_sand draw" in texts(g, "octopus")
    events = do(g, "octopus", "take stir_the_sand draw")
    assert "stir_the_sand" in g.hand and "stir_the_sand" not in g.draw
    assert sorted(g.draw) == sorted(["blend_in", "curiosity", "jet_2", "curiosity_2",
                                     "blend_in_2"])
    side = rules.view(g, "shark")["octopus_side"]
    assert side["hand_known"] == shark_before["hand_known"] == []
    assert side["hand_count"] == 2 and side["draw_count"] == 5
    seen = [rules.event_view(e, viewer) for e in events for viewer in ("shark", "spectator")]
    assert "stir_the_sand" not in repr(seen)
    assert "stir_the_sand" in repr([rules.event_view(e, "octopus") for e in events])


def test_d4_sea_snail_shuffles_the_draw_pile() -> None:
    """D-4 Sea Snail: the draw pile's order after the take is random."""
    orders = set()
    rest = ["blend_in", "curiosity", "jet_2", "curiosity_2", "blend_in_2"]
    for seed in SEEDS:
        g = banked("sea_snail", ["jet"], seed=seed)
        g.draw = [*rest[:2], "stir_the_sand", *rest[2:]]
        do(g, "octopus", "food sea_snail", "take stir_the_sand draw")
        orders.add(tuple(g.draw))
    assert any(order != tuple(rest) for order in orders)


def test_d4_sea_snail_from_the_discard_pile_is_public() -> None:
    """D-4 Sea Snail: taken from the discard pile, the card is known to the Shark."""
    g = banked("sea_snail", ["jet"])
    g.discard = ["curiosity", "blend_in"]
    g.draw = [c for c in g.draw if c not in g.discard]
    secret_hand(g)
    events = do(g, "octopus", "food sea_snail", "take blend_in discard")
    assert sorted(g.hand) == ["blend_in", "jet"] and g.discard == ["curiosity"]
    side = rules.view(g, "shark")["octopus_side"]
    assert side["hand_known"] == ["blend_in"] and side["discard"] == ["curiosity"]
    assert "blend_in" in repr([rules.event_view(e, "shark") for e in events])


def test_d4_shrimp_hides_up_to_two() -> None:
    """D-4 Shrimp: hide 1 or 2 revealed blocks."""
    g = banked("shrimp", ["jet"], revealed=("A1", "B1", "C1"))
    do(g, "octopus", "food shrimp")
    sizes = {len(t.split()) - 1 for t in with_prefix(g, "hide")}
    assert sizes == {1, 2}
    do(g, "octopus", "hide A1 B1")
    assert [z for z in ZONES if not is_hidden(g, z)] == ["C1"]


def test_d4_shrimp_with_nothing_revealed_is_not_offered() -> None:
    """D-4 Shrimp with O-3's reading: "up to 2" needs one revealed block."""
    g = banked("shrimp", ["jet"])
    assert not with_prefix(g, "food")


def test_d4_clam_raises_the_limit_then_draws_one() -> None:
    """D-4 Clam: hand limit +1, then draw 1 card (even at the limit)."""
    g = banked("clam", ["jet", "jet_2", "blend_in", "curiosity"])
    do(g, "octopus", "food clam")
    assert g.hand_limit == 5 and len(g.hand) == 5 and g.banked == []


def test_d4_clam_at_limit_six_still_draws() -> None:
    """D-4 Clam with C-4: at limit 6 the +1 does nothing but the draw still happens."""
    g = banked("clam", ["jet"])
    g.hand_limit = 6
    assert "food clam" in texts(g, "octopus")
    do(g, "octopus", "food clam")
    assert g.hand_limit == 6 and len(g.hand) == 2
