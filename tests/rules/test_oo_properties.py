"""The base game's property, replay and leak tests, run for Offshore Offspring games
(kelp-spec.md §10 with G-1, C-1, I-1…I-5)."""

from __future__ import annotations

from collections import Counter

import rules
from rules.core import is_octopus
from tests.rules.games import (
    GAMES,
    check_fits_discord_selects,
    check_oo_conservation,
    mid_games,
    random_game,
)

OO_GAMES = max(20, GAMES // 4)


def test_oo_g1_every_game_ends_and_components_are_conserved_at_every_step() -> None:
    reasons: Counter[str] = Counter()
    for seed in range(OO_GAMES):
        g = random_game(seed, board=("day", "night")[seed % 2], each=check_oo_conservation,
                        cancel_rate=0.02, oo=True)
        assert g.winner in ("octopus", "shark") and g.win_reason
        reasons[g.win_reason] += 1
    assert sum(reasons.values()) == OO_GAMES


def test_oo_records_replay_and_dumps_load_to_equal_games() -> None:
    for seed in range(OO_GAMES // 4):
        g = random_game(1000 + seed, cancel_rate=0.05, oo=True)
        rec = rules.record(g)
        assert rec["options"]["expansions"] == ["offshore_offspring"]
        assert rules.replay(rec) == g
        assert rules.load(rules.dump(g)) == g


def test_oo_i2_i3_views_are_identical_across_resampled_worlds() -> None:
    checked = changed = 0
    for g in mid_games(OO_GAMES // 2, seed0=20_000, oo=True):
        for viewer in ("shark", "spectator", "octopus"):
            base = rules.view(g, viewer)
            base_events = [rules.event_view(e, viewer) for e in g.last_events]
            for s in range(3):
                r = rules.resample(g, viewer, s)
                check_oo_conservation(r)
                assert rules.view(r, viewer) == base
                assert [rules.event_view(e, viewer) for e in r.last_events] == base_events
                if viewer != "octopus" and r.zones != g.zones:
                    changed += 1
                checked += 1
    assert checked > 30
    assert changed > 3


def test_oo_resample_depends_only_on_seed_and_view() -> None:
    for g in mid_games(15, seed0=51_000, oo=True):
        r1 = rules.resample(g, "shark", 99)
        other = rules.resample(g, "shark", 7)
        r2 = rules.resample(other, "shark", 99)
        assert r1.zones == r2.zones and r1.hand == r2.hand and r1.draw == r2.draw


def test_oo_every_step_fits_one_discord_select() -> None:
    """X-5 with the module's commands: at most 25 options per step, or a set of at most 25."""
    for seed in range(OO_GAMES // 4):
        random_game(2000 + seed, each=check_fits_discord_selects, oo=True)


def test_oo_module_features_occur_in_random_play() -> None:
    """The module's rules are reached from real play, not only from set-ups."""
    seen: set[str] = set()
    want = {"event_card", "octopus_eaten", "juvenile_shark", "wound", "hunger_token",
            "camouflage", "unlock"}
    for seed in range(OO_GAMES):
        g = random_game(4000 + seed, oo=True,
                        each=lambda g: seen.update(e["type"] for e in g.last_events))
        assert g.phase == "over"
        if want <= seen:
            break
    assert want <= seen, want - seen


def test_oo_14_octopus_odds_count_every_octopus_block_the_shark_hunts() -> None:
    """With the module the Shark hunts Juveniles and coloured Octopuses too, so the odds a
    view gives its hidden zones add up to the Octopus blocks still hidden — the figure the
    heat tint, the alt text and the table show."""
    seen_juvenile = False
    for g in mid_games(30, seed0=61_000, oo=True):
        v = rules.view(g, "shark")
        hidden_octopuses = sum(1 for z in range(9) if g.hidden[z] and is_octopus(g.zones[z]))
        total = sum(z["octopus_odds"] for z in v["zones"] if z["hidden"])
        assert abs(total - hidden_octopuses) < 1e-3, (total, hidden_octopuses)
        seen_juvenile |= any(g.hidden[z] and "juvenile" in g.zones[z] for z in range(9))
    assert seen_juvenile
