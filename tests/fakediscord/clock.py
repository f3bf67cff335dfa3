"""Injectable wall clock and snowflake factory for the fake Discord backend.

Discord's interaction rules are wall-clock rules (first response within 3 s, token valid for
15 min).  Tests must be able to jump past those deadlines instantly and deterministically, so
every time-dependent decision in the fake goes through a :class:`FakeClock` instead of
``time.time()``.
"""

from __future__ import annotations

import datetime as _dt
import itertools
import time

#: Discord's epoch (2015-01-01T00:00:00Z) in milliseconds; snowflakes count from it.
DISCORD_EPOCH_MS = 1420070400000


class FakeClock:
    """A wall clock that tests can move forward.

    By default it follows real time (so a genuinely slow handler still misses the 3 s
    deadline, exactly as on Discord) plus an offset that :meth:`advance` adds to.  Pass
    ``follow_real_time=False`` (or call :meth:`freeze`) for a fully deterministic clock that
    only moves when told to.
    """

    def __init__(self, start: float | None = None, *, follow_real_time: bool = True) -> None:
        self._base = time.time() if start is None else float(start)
        self._mono0 = time.monotonic()
        self._offset = 0.0
        self._follow = follow_real_time

    @property
    def follows_real_time(self) -> bool:
        """Whether real elapsed time is added to the clock."""
        return self._follow

    def now(self) -> float:
        """Current fake time as POSIX seconds."""
        elapsed = time.monotonic() - self._mono0 if self._follow else 0.0
        return self._base + elapsed + self._offset

    def advance(self, seconds: float) -> None:
        """Move the clock forward (e.g. ``advance(901)`` to expire an interaction token)."""
        if seconds < 0:
            raise ValueError("a clock only moves forward")
        self._offset += seconds

    def freeze(self) -> None:
        """Stop following real time, pinning the clock at its current reading."""
        self._base = self.now()
        self._offset = 0.0
        self._follow = False

    def utcnow(self) -> _dt.datetime:
        """Current fake time as an aware UTC datetime."""
        return _dt.datetime.fromtimestamp(self.now(), tz=_dt.UTC)

    def iso(self, at: float | None = None) -> str:
        """ISO-8601 timestamp in the format Discord sends (``+00:00`` offset)."""
        moment = self.now() if at is None else at
        return _dt.datetime.fromtimestamp(moment, tz=_dt.UTC).isoformat()


class SnowflakeFactory:
    """Generates unique, time-ordered Discord snowflakes from a :class:`FakeClock`.

    The timestamp bits matter: discord.py derives ``Interaction.created_at`` and message
    ordering from them, so ids must be minted from the same clock the deadlines use.
    """

    def __init__(self, clock: FakeClock) -> None:
        self._clock = clock
        self._counter = itertools.count(1)

    def next(self, at: float | None = None) -> int:
        """A fresh snowflake whose timestamp is ``at`` (default: now)."""
        moment = self._clock.now() if at is None else at
        millis = max(0, int(moment * 1000) - DISCORD_EPOCH_MS)
        return (millis << 22) | (next(self._counter) & 0x3FFFFF)


def snowflake_time(snowflake: int) -> float:
    """POSIX seconds encoded in a snowflake."""
    return ((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000.0
