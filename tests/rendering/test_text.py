"""Alt text (≤ 1024 characters, for discord.File(description=…)) and the text board."""

from __future__ import annotations

import re

import rendering
import rules
from tests.rendering.helpers import find, spread

VIEWERS = ("octopus", "shark", "spectator", "omniscient")


def test_alt_text_fits_discord_and_states_the_key_facts() -> None:
    for g in spread():
        for v in VIEWERS:
            view = rules.view(g, v)
            alt = rendering.describe(view)
            assert 0 < len(alt) <= 1024
            sh = view["shark_side"]
            assert f"Hunger {len(sh['hunger'])} of 7" in alt
            assert f"food {len(view['octopus_side']['food_track'])} of 4" in alt
            if view["shark"] is not None:
                assert f"space {view['shark']['space']}" in alt
            if view["phase"] == "over":
                assert "WINS" in alt


def test_alt_text_keeps_hidden_blocks_hidden() -> None:
    g = find("revealed")
    truth = rules.view(g, "omniscient")
    spectator = rendering.describe(rules.view(g, "spectator"))
    octopus = rendering.describe(rules.view(g, "octopus"))
    octo_zone = next(z["zone"] for z in truth["zones"] if z["block"] == "octopus")
    if next(z for z in truth["zones"] if z["zone"] == octo_zone)["hidden"]:
        assert f"{octo_zone} Octopus" not in spectator
        assert f"{octo_zone} Octopus (hidden)" in octopus


def test_text_board_is_a_grid_with_every_zone_and_space() -> None:
    g = find("die_on_space")
    view = rules.view(g, "spectator")
    board = rendering.text_board(view)
    lines = board.splitlines()
    for z in ("A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"):
        assert z in board
    numbers = {int(n) for n in re.findall(r"\b(\d{1,2})\b", "\n".join(lines[1:17]))}
    assert set(range(1, 25)) <= numbers
    assert f"SHARK({view['shark']['facing']})" in board
    for s in view["spaces"]:
        if s["die"]:
            assert s["die"] in board
    grid = lines[1:17]
    assert len(grid) == 16 and all(line.startswith(("  +", "  |", " ")) for line in grid)
    assert "Hunger" in board and "Food" in board and "Last move" in board


def test_text_board_hides_what_the_viewer_cannot_see() -> None:
    g = find("revealed")
    spectator = rules.view(g, "spectator")
    octopus = rules.view(g, "octopus")
    s_text = rendering.text_board(spectator)
    o_text = rendering.text_board(octopus)
    s_grid = "\n".join(s_text.splitlines()[1:17])
    o_grid = "\n".join(o_text.splitlines()[1:17])
    assert "[hidden]" in s_grid and "(hidden)" in o_grid
    assert "Octopus" in o_grid
    hidden_octopus = any(z["hidden"] and z["block"] == "octopus" for z in octopus["zones"])
    assert hidden_octopus
    assert "Octopus" not in s_grid
