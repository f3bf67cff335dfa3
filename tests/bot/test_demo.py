"""`kelp demo`, the README's first command: a whole match through the real bot offline.

It is the newcomer's first contact with the project, so CI plays it for real — base game
with the greedy players, and the expansion with random ones — and checks what it promises
to write: the database, the board images the bot posted, the record that replays to the
finished game, and the GIF.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

import rules
from bot.demo import run_demo


@pytest.mark.parametrize("expansion", ["none", "offshore_offspring"])
async def test_demo_plays_a_match_and_writes_what_it_promises(
        tmp_path: Path, expansion: str, capsys: pytest.CaptureFixture[str]) -> None:
    out = await run_demo(tmp_path / "demo", seed=11, expansion=expansion)
    record = json.loads((out / "record.json").read_text())
    g = rules.replay(record)
    assert g.phase == "over" and g.winner in ("octopus", "shark")
    assert tuple(g.expansions) == (() if expansion == "none" else (expansion,))
    boards = sorted((out / "boards").glob("*.png"))
    assert len(boards) >= 5
    size = Image.open(boards[-1]).size
    assert size == ((1280, 800) if expansion == "none" else (1280, 1000))
    gif = Image.open(out / "game.gif")
    assert gif.format == "GIF" and getattr(gif, "n_frames", 1) > 3
    assert (out / "kelp.sqlite3").stat().st_size > 0
    text = capsys.readouterr().out
    assert f"the {g.winner} won" in text and "board images posted" in text
