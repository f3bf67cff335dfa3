"""The time limit of a timed search, where the greedy players' long computations see it.

A timed search drops an iteration still running at its deadline (`search.grow`).
Checked only between the steps of a play-out, that still let one step run on: a greedy
Octopus weighing its commands, the greedy Shark planning its turn or a first look at
how the Shark leans took 0.1-0.4 s, and decisions ran to 2.24 s (docs/balance.md,
session 48). So the search sets the limit here for the length of an iteration, and
those computations check it as they go (the greedy Octopus before each command it
scores, the greedy Shark before each plan value it works out, the lean before each
zone) without every call on the way being passed a clock. A context variable keeps the
limit to the thread (and task) that set it: the greedy level and the bot's other games
never see a search's limit."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar


class Expired(Exception):
    """The search's time ran out in the middle of an iteration."""


_expired: ContextVar[Callable[[], bool] | None] = ContextVar("expired", default=None)


def check() -> None:
    """Raise `Expired` if a limit is set here and has passed."""
    expired = _expired.get()
    if expired is not None and expired():
        raise Expired


@contextmanager
def limit(expired: Callable[[], bool] | None) -> Iterator[None]:
    """Within the block, `check` asks `expired` (None: no limit)."""
    token = _expired.set(expired)
    try:
        yield
    finally:
        _expired.reset(token)
