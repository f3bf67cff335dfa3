"""Kelp rules engine: *Kelp: Shark vs Octopus* and its Offshore Offspring module, pure and
seeded.

Standard library only, no I/O, deterministic from a seed. The bot, renderer, AI and tests
use only this API:

- ``new_game(seed, *, board="day", expansions=()) -> Game`` — blocks placed at random; the
  Octopus's first decision is the Shark's den (B-6). ``expansions=("offshore_offspring",)``
  plays the Offshore Offspring module (kelp-spec.md §10).
- ``pending(game)`` — ``{"seats": [...], "kind": ..., "text": ...}``: who must decide now
  (one seat, both during a confrontation, none once the game is over) and what.
- ``legal_actions(game, seat) -> list[Action]`` — every step that seat may take now (empty
  when it has nothing to decide). A step picks one of at most 25 options, or one set from
  at most 25 items (each legal set is listed). Multi-step commands (a card, its cost, its
  targets) stay private and can be cancelled with ``cancel`` until their last step.
  Conceding is always possible and not listed: ``apply(game, seat, "concede")``.
- ``apply(game, seat, action, *, expected_version=None) -> list[event]`` — apply a legal
  step, resolving chance from the game's own RNG; anything else raises
  ``IllegalAction(code, message)`` (codes: not_your_turn, stale_version, illegal,
  malformed, game_over) and leaves the game untouched. Each applied step bumps
  ``game.version``; ``game.moves`` (also in views) counts completed commands only, so it
  says nothing about a player's private partial steps.
- ``view(game, viewer)`` for ``octopus``, ``shark``, ``spectator``, ``omniscient`` — JSON
  data with exactly what that viewer may know; ``event_view(event, viewer)`` redacts events.
- ``resample(game, viewer, seed) -> Game`` — a world consistent with what the viewer saw.
- ``dump``/``load`` (JSON state), ``record``/``replay`` (seed + commands).
- ``Action`` (``.text``), ``parse_action(text)``; ``game.winner``, ``game.win_reason``.
- ``card_name``, ``block_name``, ``WIN_TEXT``: the words for people, shared by every surface.
"""

from .actions import Action, IllegalAction, parse_action
from .core import SEATS
from .engine import apply, legal_actions, new_game, pending
from .names import WIN_TEXT, block_name, card_name
from .records import dump, load, record, replay
from .resample import resample
from .state import Game
from .views import VIEWERS, event_view, view

__all__ = [
    "SEATS",
    "VIEWERS",
    "WIN_TEXT",
    "Action",
    "Game",
    "IllegalAction",
    "apply",
    "block_name",
    "card_name",
    "dump",
    "event_view",
    "legal_actions",
    "load",
    "new_game",
    "parse_action",
    "pending",
    "record",
    "replay",
    "resample",
    "view",
]
