"""The computer players' process-wide memo tables, and a way to think without them.

A search meets the same swims and the same Shark positions in world after world, so
`features.paths`, `features.reach` and the greedy Shark's plan values are remembered
across decisions, keyed by everything they read. A key that misses something would make
a player's choice depend on what it happened to think about before, which no test of a
single decision would see; `cold` runs code with every table empty (and puts them back
afterwards), so a test can check that warm and cold tables choose alike.

A table that outgrows its limit starts afresh (`afresh`). Freeing what a full table held
takes time: the greedy Shark's shared caches took 40-350 ms, growing through a game,
and inside a timed search that stretch has no deadline check in it, so it carried
decisions past their bound and, by making one iteration look slow, ended others early
(docs/balance.md, session 49). So a timed search defers it (`deferred`): a table it
empties keeps its contents alive until the next search frees them (`free_retired`) at
its start, inside its own budget.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

_TABLES: list[dict[Any, Any]] = []
_RETIRED: list[dict[Any, Any]] = []  # contents of emptied tables, kept for `free_retired`
_deferring: ContextVar[bool] = ContextVar("deferring", default=False)


def table() -> dict[Any, Any]:
    """A new memo table, known to `cold`."""
    t: dict[Any, Any] = {}
    _TABLES.append(t)
    return t


@contextmanager
def cold() -> Iterator[None]:
    """Run the block with every memo table empty; restore them after it."""
    saved = [dict(t) for t in _TABLES]
    for t in _TABLES:
        t.clear()
    try:
        yield
    finally:
        for t, s in zip(_TABLES, saved, strict=True):
            t.clear()
            t.update(s)


def afresh(*tables: dict[Any, Any]) -> None:
    """Empty `tables`. Inside `deferred`, what they held stays alive until
    `free_retired`: copying the references out is quick, freeing what they point to is
    not."""
    for t in tables:
        if _deferring.get():
            _RETIRED.append(dict(t))
        t.clear()


@contextmanager
def deferred(on: bool = True) -> Iterator[None]:
    """Within the block (if `on`), in this thread, `afresh` leaves the freeing to
    `free_retired`."""
    token = _deferring.set(on)
    try:
        yield
    finally:
        _deferring.reset(token)


def free_retired() -> None:
    """Free what `afresh` kept alive. Each table starts afresh at most once every few
    decisions, so until then this holds at most about one table's worth."""
    _RETIRED.clear()
