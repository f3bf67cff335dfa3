"""Rule tests for information (kelp-spec.md O-9 and §8, I-1…I-5).

Each test is named after the rule id it checks. Positions are built by editing a fresh
game's fields; then the tests act only through ``rules.legal_actions``, ``rules.apply``,
``rules.view`` and ``rules.event_view``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import rules
from rules.state import Game
from tests.rules.positions import do, keep, octopus_turn, set_board, shark_turn, started

BOARD: dict[str, str] = {
    "A1": "octopus", "B1": "shell", "C1": "shell",
    "A2": "shell", "B2": "shell", "C2": "shell",
    "A3": "stinger", "B3": "shell", "C3": "shell",
}
SEEDS = (1, 7, 23, 101, 4242)
# Fields only the Shark itself may see (I-3), and fields that depend on who is asking.
SHARK_PRIVATE = ("partial", "peeks", "locked_colour")


def position(hand: list[str], *, seed: int = 0, revealed: tuple[str, ...] = ()) -> Game:
    """The Octopus's first turn on BOARD with `hand`."""
    g = started(seed)
    set_board(g, BOARD, revealed)
    octopus_turn(g, hand=hand)
    return g


def confrontation(seed: int = 0) -> Game:
    """A Strike (6R from space 14) has hit the Octopus in A1: both must choose a colour."""
    g = started(seed)
    set_board(g, BOARD)
    shark_turn(g, pool=["6R"], at=14, facing=None, step="assign")
    do(g, "shark", "assign 6R A1", "go")
    assert rules.pending(g)["kind"] == "confront"
    return g


def zones_of(v: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """A view's zones by name."""
    return {z["zone"]: z for z in v["zones"]}


def strip(v: dict[str, Any]) -> dict[str, Any]:
    """A view without the parts that differ by design between the Shark and a spectator:
    who is asking, the Shark's own command options, its private fields, and event texts
    (secret parts of events are checked separately)."""
    out = {k: x for k, x in v.items() if k not in ("viewer", "legal", "last_events", "version")}
    out["shark_side"] = {k: x for k, x in v["shark_side"].items() if k not in SHARK_PRIVATE}
    return out


def without_version(v: dict[str, Any]) -> dict[str, Any]:
    """A view without its version (a partial step only bumps the version, X-5)."""
    return {k: x for k, x in v.items() if k != "version"}


# -- O-9 ---------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", SEEDS)
def test_o9_octopus_sees_every_block_at_all_times(seed: int) -> None:
    """O-9: in the den decision, its own turn (after a shuffle it didn't control the result
    of) and the Shark's turn, the Octopus's view names every block."""
    g = rules.new_game(seed)
    assert [z["block"] for z in rules.view(g, "octopus")["zones"]] == g.zones
    rules.apply(g, "octopus", "den 1")
    octopus_turn(g, hand=["stir_the_sand", "jet"])
    do(g, "octopus", "play stir_the_sand", "pay C3", "shuffle A1 B1 C1")
    assert [z["block"] for z in rules.view(g, "octopus")["zones"]] == g.zones
    do(g, "octopus", "discard jet", "skip")
    assert g.phase == "shark"
    assert [z["block"] for z in rules.view(g, "octopus")["zones"]] == g.zones


# -- I-1 ---------------------------------------------------------------------------------
def test_i1_octopus_sees_its_hand_and_draw_pile_contents_but_not_their_order() -> None:
    """I-1: the Octopus sees its hand and what its draw pile holds; the pile's order is
    future randomness, so it's listed sorted (reading: the Octopus may know the contents,
    which it can count, not the order)."""
    g = rules.new_game(11)
    rules.apply(g, "octopus", "den 1")
    side = rules.view(g, "octopus")["octopus_side"]
    assert sorted(side["hand"]) == sorted(g.hand)
    assert side["draw_pile"] == sorted(g.draw)


def test_i1_octopus_does_not_see_the_sharks_locked_colour() -> None:
    """I-1: the Shark's locked confrontation choice is hidden from the Octopus until both
    are locked, then both are revealed together."""
    g = confrontation()
    do(g, "shark", "colour yellow")
    v = rules.view(g, "octopus")
    assert v["shark_side"]["locked"] is True
    assert "locked_colour" not in v["shark_side"]
    assert "yellow" not in json.dumps(v["last_events"])
    events = do(g, "octopus", "colour red")
    reveal = [rules.event_view(e, "octopus") for e in events if e["type"] == "confront_reveal"]
    assert reveal and reveal[0]["shark"] == "yellow" and reveal[0]["octopus"] == "red"


def test_i1_octopus_does_not_see_the_sharks_partial_command() -> None:
    """I-1/X-5: a Shark's partial command changes nothing in the Octopus's view but the
    version."""
    g = started(0)
    set_board(g, BOARD)
    shark_turn(g, pool=["6R"], at=14, facing=None, step="assign")
    before = rules.view(g, "octopus")
    do(g, "shark", "assign 6R A1")
    assert rules.view(g, "shark")["shark_side"]["partial"] == ["assign 6R A1"]
    after = rules.view(g, "octopus")
    assert without_version(after) == without_version(before)
    assert "partial" not in after["shark_side"]


def test_i1_octopus_does_not_see_future_randomness() -> None:
    """I-1: the Shark deck's order and the cards under each pile's top are not shown to the
    Octopus (only counts)."""
    g = position(["jet", "blend_in"])
    v = rules.view(g, "octopus")
    text = json.dumps(v)
    assert v["shark_side"]["deck_count"] == len(g.deck)
    for cid in g.deck:
        assert f'"{cid}"' not in text, cid
    for pile in g.piles.values():
        for cid in pile[:-1]:
            assert f'"{cid}"' not in text, cid


# -- I-2 ---------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", SEEDS)
def test_i2_shark_view_gives_hidden_blocks_no_identity(seed: int) -> None:
    """I-2: at the start the Shark's view says nothing that tells hidden blocks apart: every
    zone shows no block and the same candidates and odds; the counts per kind are there."""
    g = rules.new_game(seed)
    rules.apply(g, "octopus", "den 1")
    v = rules.view(g, "shark")
    info = [{k: x for k, x in z.items() if k not in ("zone", "value", "kelp")}
            for z in v["zones"]]
    assert all(i == info[0] for i in info)
    assert info[0]["block"] is None and info[0]["known"] is None
    assert v["hidden_counts"] == {"octopus": 1, "shell": 7, "stinger": 1}


def test_i2_identity_established_by_public_events_follows_the_block() -> None:
    """I-2: a block revealed (to pay a cost) and hidden again stays known to the Shark, and
    the knowledge moves with it through a swap; other zones lose that candidate."""
    g = position(["jet", "blend_in", "curiosity"])
    do(g, "octopus", "play jet", "pay A1", "swap A1 B1")  # the Octopus is revealed, moved
    do(g, "octopus", "discard curiosity", "hide B1")  # ... and hidden again in B1
    z = zones_of(rules.view(g, "shark"))
    assert z["B1"]["block"] is None and z["B1"]["known"] == "octopus"
    assert z["A1"]["block"] is None  # B1's hidden shell moved here, still hidden (O-5)
    for name in ("A1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"):
        assert "octopus" not in z[name]["candidates"] and z[name]["octopus_odds"] == 0


def test_i2_blocks_revealed_to_pay_a_cost_are_public() -> None:
    """I-2: the Shark sees which blocks were revealed to pay and what they are, and the card
    played with its public choices."""
    g = position(["jet", "blend_in"])
    events = do(g, "octopus", "play jet", "pay A3", "swap A1 A2")
    seen = [rules.event_view(e, "shark") for e in events]
    play = next(e for e in seen if e["type"] == "play")
    assert play["card"] == "jet" and play["zones"] == ["A3"]
    reveal = next(e for e in seen if e["type"] == "reveal")
    assert reveal["zones"] == ["A3"] and reveal["block"] == "stinger"
    assert zones_of(rules.view(g, "shark"))["A3"]["block"] == "stinger"


def test_i2_shark_sees_the_hand_size_not_the_hand() -> None:
    """I-2: the Shark sees how many cards the Octopus holds, not which (Fast Learning is
    public: it starts in hand)."""
    for seed in SEEDS:
        g = rules.new_game(seed)
        rules.apply(g, "octopus", "den 1")
        for viewer in ("shark", "spectator"):
            v = rules.view(g, viewer)
            side = v["octopus_side"]
            assert side["hand_count"] == 4
            assert "hand" not in side and "draw_pile" not in side
            assert side["hand_known"] == ["fast_learning"]
            text = json.dumps(v)
            for cid in g.hand + g.draw:
                if cid != "fast_learning":
                    assert f'"{cid}"' not in text, (seed, viewer, cid)


@pytest.mark.parametrize("seed", SEEDS)
def test_i2_drawn_cards_are_secret(seed: int) -> None:
    """I-2: a Draw tells the Shark and spectators how many cards, never which."""
    g = position(["jet"], seed=seed)
    g.hand_known = []
    g.unknown_cards = [*g.draw, "jet"]
    events = do(g, "octopus", "draw")
    drawn = g.hand[1:]
    ev = next(e for e in events if e["type"] == "draw")
    assert rules.event_view(ev, "octopus")["cards"] == drawn
    for viewer in ("shark", "spectator"):
        seen = rules.event_view(ev, viewer)
        assert seen["count"] == 3 and "cards" not in seen
        assert not any(f"'{c}'" in repr(seen) for c in drawn)
        side = rules.view(g, viewer)["octopus_side"]
        assert side["hand_count"] == 4 and side["hand_known"] == []


def test_i2_public_octopus_information_is_in_the_shark_view() -> None:
    """I-2: draw pile size, discard pile, pile tops, supply, Food Track, banked food effects
    and the hand limit are all in the Shark's view."""
    g = position(["jet", "blend_in", "curiosity"])
    g.food_track, g.banked, g.hand_limit = ["crab", "clam"], ["clam"], 5
    do(g, "octopus", "discard curiosity")
    side = rules.view(g, "shark")["octopus_side"]
    assert side["draw_count"] == len(g.draw)
    assert side["discard"] == ["curiosity"]
    assert {p: x["top"] for p, x in side["piles"].items()} == {
        p: pile[-1] for p, pile in g.piles.items()}
    assert side["supply"] == {k: n for k, n in g.supply.items() if n}
    assert side["food_track"] == ["crab", "clam"] and side["food_max"] == 4
    assert side["banked"] == ["clam"] and side["hand_limit"] == 5


def test_i2_shark_sees_its_own_peeks() -> None:
    """I-2: the Shark's own peeks (Keen Senses) are in its view with the block it saw."""
    g = started(0)
    set_board(g, BOARD)
    keep(g, "keen_senses")
    shark_turn(g, pool=["2Y"], at=14, facing=None, step="assign")
    do(g, "shark", "go keen_senses")
    peeks = rules.view(g, "shark")["shark_side"]["peeks"]
    assert {(p["zone"], p["block"]) for p in peeks} == {("A1", "octopus"), ("B1", "shell")}


# -- I-3 ---------------------------------------------------------------------------------
def test_i3_spectator_view_equals_the_shark_view_in_a_plain_position() -> None:
    """I-3: with no Shark secrets in play, a spectator sees exactly what the Shark sees."""
    g = position(["jet", "blend_in"], revealed=("B1",))
    do(g, "octopus", "play jet", "pay C3", "swap A1 B1")
    shark, spec = rules.view(g, "shark"), rules.view(g, "spectator")
    assert strip(spec) == strip(shark)
    assert spec["last_events"] == shark["last_events"]


def test_i3_spectator_does_not_see_the_sharks_partial_command() -> None:
    """I-3: the Shark's partial command is in its own view only."""
    g = started(0)
    set_board(g, BOARD)
    shark_turn(g, pool=["6R"], at=14, facing=None, step="assign")
    do(g, "shark", "assign 6R A1")
    shark, spec = rules.view(g, "shark"), rules.view(g, "spectator")
    assert shark["shark_side"]["partial"] == ["assign 6R A1"]
    assert "partial" not in spec["shark_side"]
    assert strip(spec) == strip(shark)


def test_i3_spectator_does_not_see_the_sharks_locked_colour() -> None:
    """I-3: the Shark's locked confrontation colour is in its own view only."""
    g = confrontation()
    do(g, "shark", "colour turquoise")
    shark, spec = rules.view(g, "shark"), rules.view(g, "spectator")
    assert shark["shark_side"]["locked_colour"] == "turquoise"
    assert "locked_colour" not in spec["shark_side"] and spec["shark_side"]["locked"] is True
    assert "turquoise" not in json.dumps(spec["last_events"])
    assert strip(spec) == strip(shark)


def test_i3_spectator_does_not_see_the_sharks_peeks() -> None:
    """I-3: peek results are the Shark's alone: not in the spectator's view or events."""
    g = started(0)
    set_board(g, BOARD)
    keep(g, "keen_senses")
    shark_turn(g, pool=["2Y"], at=14, facing=None, step="assign")
    do(g, "shark", "go keen_senses")
    shark, spec = rules.view(g, "shark"), rules.view(g, "spectator")
    assert shark["shark_side"]["peeks"]
    assert "peeks" not in spec["shark_side"]
    peeks = [e for e in spec["last_events"] if e["type"] == "peek"]
    assert peeks and all("block" not in e for e in peeks)
    assert "octopus" not in json.dumps(peeks)
    assert strip(spec) == strip(shark)


def test_i3_spectator_sees_nothing_of_the_octopus_secrets() -> None:
    """I-3: a spectator sees no hidden block, no hand and no draw pile."""
    g = position(["jet", "blend_in"])
    v = rules.view(g, "spectator")
    assert all(z["block"] is None for z in v["zones"])
    assert "hand" not in v["octopus_side"] and "draw_pile" not in v["octopus_side"]
    assert "legal" not in v


# -- I-4 ---------------------------------------------------------------------------------
def _over_by_concession() -> Game:
    """The Octopus concedes with a partial command open."""
    g = position(["jet", "blend_in"])
    do(g, "octopus", "play jet")
    rules.apply(g, "octopus", "concede")
    return g


def _over_by_food() -> Game:
    """The Octopus eats its 4th food (G-2(a))."""
    g = started(0)
    set_board(g, {**BOARD, "B1": "clam"})
    g.piles["eat"].remove("eat_clam")
    octopus_turn(g, hand=["eat_clam", "jet"])
    g.food_track = ["crab", "sea_snail", "shrimp"]
    do(g, "octopus", "play eat_clam")
    return g


def _over_in_confrontation() -> Game:
    """The Shark concedes after locking its colour in a confrontation."""
    g = confrontation()
    do(g, "shark", "colour red")
    rules.apply(g, "shark", "concede")
    return g


@pytest.mark.parametrize("make", [_over_by_concession, _over_by_food, _over_in_confrontation])
def test_i4_after_the_game_ends_every_view_shows_everything(make: Any) -> None:
    """I-4: once the game is over, every viewer's view is the omniscient one: every block,
    the hand and draw pile, and any locked colour."""
    g = make()
    assert g.winner is not None
    full = rules.view(g, "omniscient")
    for viewer in ("octopus", "shark", "spectator"):
        v = rules.view(g, viewer)
        assert {k: x for k, x in v.items() if k != "viewer"} == {
            k: x for k, x in full.items() if k != "viewer"}, viewer
        assert [z["block"] for z in v["zones"]] == g.zones
        assert sorted(v["octopus_side"]["hand"]) == sorted(g.hand)
        assert "locked_colour" in v["shark_side"]


def test_i4_locked_colour_shown_after_the_game_ends() -> None:
    """I-4: a Shark colour locked when the game ended is shown to the Octopus afterwards."""
    g = _over_in_confrontation()
    assert rules.view(g, "octopus")["shark_side"]["locked_colour"] == "red"


# -- I-5 ---------------------------------------------------------------------------------
def _walk(x: Any) -> Any:
    """Every key and leaf value of a JSON-like structure."""
    if isinstance(x, dict):
        for k, v in x.items():
            yield ("key", k)
            yield from _walk(v)
    elif isinstance(x, list | tuple):
        for v in x:
            yield from _walk(v)
    else:
        yield ("value", x)


def _assert_no_seed(g: Game) -> None:
    """No viewer's view has a seed/rng key, the seed as a value, or the RNG state."""
    for viewer in ("octopus", "shark", "spectator", "omniscient"):
        v = rules.view(g, viewer)
        for kind, x in _walk(v):
            if kind == "key":
                assert "seed" not in str(x).lower() and "rng" not in str(x).lower(), (viewer, x)
            else:
                assert x != g.seed and x != str(g.seed), (viewer, x)
        text = json.dumps(v)
        assert str(g.rng.state) not in text, viewer
        assert str(g.seed) not in text, viewer


@pytest.mark.parametrize("seed", [987654321, 123456789012, 31415926535])
def test_i5_no_view_contains_the_seed_or_the_rng_state(seed: int) -> None:
    """I-5: neither the seed nor the generator's state appears in any view while the game
    runs: at the den decision, in the Octopus's turn (also with a partial command), and in
    the Shark's turn."""
    g = rules.new_game(seed)
    _assert_no_seed(g)
    rules.apply(g, "octopus", "den 12")
    _assert_no_seed(g)
    octopus_turn(g, hand=["jet", "blend_in", "curiosity"])
    do(g, "octopus", "play jet", "pay B2")
    _assert_no_seed(g)
    do(g, "octopus", "swap B2 C2", "draw")
    assert g.phase == "shark"
    _assert_no_seed(g)
