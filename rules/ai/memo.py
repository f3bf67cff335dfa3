"""The computer players' process-wide memo tables, and a way to think without them.

A search meets the same swims and the same Shark positions in world after world, so
`features.paths`, `features.reach` and the greedy Shark's plan values are remembered
across decisions, keyed by everything they read. A key that misses something would make
a player's choice depend on what it happened to think about before, which no test of a
single decision would see; `cold` runs code with every table empty (and puts them back
afterwards), so a test can check that warm and cold tables choose alike.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

_TABLES: list[dict[Any, Any]] = []


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
