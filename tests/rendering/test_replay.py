"""Animated replays: one frame per turn, decodable, from one viewer's view."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import rendering
import rules
from rendering.replay import replay_views
from tests.rules.games import random_game


def _record(seed: int) -> dict:
    return rules.record(random_game(seed, cancel_rate=0.05))


def test_replay_is_a_gif_with_a_frame_per_turn() -> None:
    rec = _record(4)
    gif = rendering.render_replay(rec, "spectator")
    im = Image.open(io.BytesIO(gif))
    assert im.format == "GIF" and im.size == (1280, 800)
    views = replay_views(rec, "spectator")
    assert im.n_frames == len(views) > 1
    for i in range(im.n_frames):
        im.seek(i)
        im.convert("RGB")  # every frame decodes
    turns = {(v["round"], v["turn"]) for v in views}
    assert len(turns) >= len(views) - 2  # one frame per turn, plus start and end
    assert views[-1]["phase"] == "over"
    assert views[-1] == rules.view(rules.replay(rec), "spectator")


def test_replay_frames_are_that_viewers_views() -> None:
    rec = _record(9)
    final = rules.replay(rec)
    views = replay_views(rec, "shark")
    assert all(v["viewer"] == "shark" for v in views)
    assert views[-1] == rules.view(final, "shark")
    assert any("hand" not in v["octopus_side"] for v in views[:-1])


def test_replay_is_deterministic_and_checks_the_rules_version() -> None:
    rec = _record(11)
    assert rendering.render_replay(rec, "octopus", scale=0.5) == rendering.render_replay(
        rec, "octopus", scale=0.5)
    with pytest.raises(ValueError):
        rendering.render_replay({**rec, "rules_version": "nope"}, "spectator")
