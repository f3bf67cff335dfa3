"""The time limit of a timed search, where the greedy players' look-ahead can see it.

A timed search drops an iteration still running at its deadline (`search.grow`), but
checked only between the steps of a play-out it still ran over by one step, and one
greedy Octopus step (a command weighed with the best one after it, a first look at how
the Shark would lean) took up to 0.39 s: decisions ran to 2.24 s (docs/balance.md,
session 48), and the Shark's planning or a first look at its lean 0.1-0.2 s. So the
search sets the limit here for the length of an iteration, and the long computations
of a play-out check it as they go (the greedy Octopus scoring a command, the greedy
Shark working out a plan's value, the lean weighing a zone), without every call on the
way being passed a clock. A context variable keeps it to the thread (and task) that set it: the
greedy level and the bot's other games never see a search's limit."""

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
