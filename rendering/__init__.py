"""Board images, alt text and replays drawn from a rules *view* (issue 3).

Everything here is a pure function of a view (`rules.view(game, viewer)`), never of the
game state, so an image can show nothing its viewer may not know, and the same view always
gives byte-identical output.

- ``render(view, *, heat=True) -> bytes`` — the board as a PNG (1280×800; 1280×1000 for an
  Offshore Offspring game, the base board on top of a module strip). ``heat`` tints
  hidden zones by the odds that the Octopus is there (spectator and Shark views; the Shark
  may turn it off). ``render_image`` gives the same picture as a Pillow image.
- ``describe(view) -> str`` — alt text, at most 1024 characters.
- ``text_board(view) -> str`` — a monospace grid for screen readers and terminals.
- ``render_replay(record, viewer) -> bytes`` — an animated GIF of a recorded game.
"""

from .canvas import render, render_image
from .replay import render_replay
from .text import describe, text_board

__all__ = ["describe", "render", "render_image", "render_replay", "text_board"]
