"""A whole recorded game as an animated GIF, seen by one viewer.

The record is replayed step by step from its seed (as `rules.replay` does) and a frame is
taken whenever the turn or round changes, plus the first and final positions: one frame per
turn keeps a game to a few dozen frames while still showing every turn's outcome. Each frame
is the viewer's own view, so a replay leaks nothing a live game would not have shown them.
"""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

import rules
from rules.data import data

from . import oo_board, oo_palette
from .canvas import render_image, to_palette

FRAME_MS = 1400
FINAL_MS = 5000


def replay_views(record: dict[str, Any], viewer: str) -> list[dict[str, Any]]:
    """The views a replay shows: the start, each change of turn or round, the end."""
    if record.get("rules_version") != data().rules_version:
        raise ValueError(
            f"record is for rules {record.get('rules_version')!r}, not {data().rules_version!r}"
        )
    opts = record.get("options", {})
    g = rules.new_game(int(record["seed"]), board=opts.get("board", "day"),
                       expansions=tuple(opts.get("expansions", ())))
    views = [rules.view(g, viewer)]
    mark = (g.turn, g.round, g.phase)
    for seat, text in record["actions"]:
        rules.apply(g, seat, text)
        now = (g.turn, g.round, g.phase)
        if now != mark:
            views.append(rules.view(g, viewer))
            mark = now
    final = rules.view(g, viewer)
    if views[-1] != final:
        views.append(final)
    return views


def render_replay(record: dict[str, Any], viewer: str, *, heat: bool = True,
                  scale: float = 1.0, frame_ms: int = FRAME_MS,
                  final_ms: int = FINAL_MS) -> bytes:
    """An animated GIF of the game in `record` as `viewer` saw it, one frame per turn.

    `scale` < 1 shrinks the frames (a long game at full size can run to a few MB).
    """
    frames: list[Image.Image] = []
    for v in replay_views(record, viewer):
        im = render_image(v, heat=heat)
        if scale != 1.0:
            im = im.resize((max(1, int(im.width * scale)), max(1, int(im.height * scale))),
                           Image.Resampling.LANCZOS)
        # a module game's frames keep the module's colours exact too (1280×1000 frames)
        exact = oo_palette.exact_colours() if oo_board.is_module(v) else None
        frames.append(to_palette(im, exact))
    durations = [frame_ms] * len(frames)
    durations[-1] = final_ms
    buf = io.BytesIO()
    frames[0].save(buf, "GIF", save_all=True, append_images=frames[1:], duration=durations,
                   loop=0, disposal=1)
    return buf.getvalue()
