"""Images and texts leak nothing (kelp-spec.md §8): for the Shark and spectators, games that
differ only in what that viewer cannot know give byte-identical PNGs, alt texts and text
boards. `rules.resample(g, viewer, seed)` builds such games.
"""

from __future__ import annotations

from collections.abc import Iterator

import rendering
import rules
from tests.rendering.helpers import oo_running, running


def public_worlds(g: rules.Game) -> Iterator[rules.Game]:
    """Assert that the Shark's and spectators' PNG, alt text and text board are the same
    for `g` and for each resampled world; yield each world for the caller's coverage counts."""
    for viewer in ("shark", "spectator"):
        view = rules.view(g, viewer)
        png = rendering.render(view)
        alt = rendering.describe(view)
        grid = rendering.text_board(view)
        for s in SEEDS:
            world = rules.resample(g, viewer, s)
            other = rules.view(world, viewer)
            assert rendering.render(other) == png, (g.version, viewer, s)
            assert rendering.describe(other) == alt
            assert rendering.text_board(other) == grid
            yield world


POSITIONS = 44  # running positions (random depths, both board sides, some partial commands)
SEEDS = (1, 2)


def test_shark_and_spectator_outputs_are_identical_across_resampled_worlds() -> None:
    checked = 0
    moved = 0
    for g in running(POSITIONS, 81_000):
        for world in public_worlds(g):
            if world.zones != g.zones or world.hand != g.hand:
                moved += 1
        checked += 2  # both viewers
    assert checked == 2 * POSITIONS
    assert moved >= 40, "resampling should change the hidden information in many positions"


def test_the_check_would_catch_a_leak() -> None:
    """Control: an image that does show hidden information (the Octopus's, or the omniscient
    one) does change across the same resampled worlds, so identical bytes above mean
    something."""
    differ = 0
    for g in running(12, 82_000):
        png = rendering.render(rules.view(g, "omniscient"))
        world = rules.resample(g, "spectator", 3)
        if world.zones != g.zones:
            differ += rendering.render(rules.view(world, "omniscient")) != png
    assert differ >= 3


OO_POSITIONS = 30


def test_module_shark_and_spectator_outputs_are_identical_across_resampled_worlds() -> None:
    """The same for Offshore Offspring positions: hidden Juveniles and adults of any colour,
    Event cards and the face-down Eat pile top stay out of the Shark's and spectators'
    images, alt texts and text boards."""
    from rules.core import is_octopus

    moved = 0
    moved_octopus = 0
    coloured = 0
    for g in oo_running(OO_POSITIONS, 84_000):
        hidden_octo = [z for z in range(9) if g.hidden[z] and is_octopus(g.zones[z])]
        coloured += any("_" in g.zones[z] or g.zones[z].startswith("juvenile")
                        for z in hidden_octo)
        for world in public_worlds(g):
            if world.zones != g.zones or world.hand != g.hand:
                moved += 1
            if [z for z in range(9) if is_octopus(world.zones[z])] != [
                    z for z in range(9) if is_octopus(g.zones[z])]:
                moved_octopus += 1
    assert moved >= 30, "resampling should change the hidden information in many positions"
    assert moved_octopus >= 10, "hidden Octopuses should move between worlds"
    assert coloured >= 5, "the positions should hide Juveniles or coloured Octopuses"


def test_the_module_check_would_catch_a_leak() -> None:
    """Control: the Octopus's own module image does change across the same worlds."""
    differ = 0
    for g in oo_running(10, 85_000):
        png = rendering.render(rules.view(g, "octopus"))
        world = rules.resample(g, "spectator", 3)
        if world.zones != g.zones:
            differ += rendering.render(rules.view(world, "octopus")) != png
    assert differ >= 3
