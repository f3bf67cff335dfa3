"""SQLite persistence (aiosqlite, WAL): games, their action log, settings, lobbies.

Every accepted action is committed — new state and log row in one transaction, guarded by
a version compare-and-set — before anyone is told it happened. All storage goes through
this one class so a switch to another database touches one module.
"""

from __future__ import annotations

import asyncio
import functools
import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

import aiosqlite

from .migrations import MIGRATIONS

P = ParamSpec("P")
R = TypeVar("R")


def _serialised(fn: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
    """Run a storage method under the connection's lock."""

    @functools.wraps(fn)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        self = args[0]
        async with self._lock:  # type: ignore[attr-defined]
            return await fn(*args, **kwargs)

    return wrapper


class VersionConflict(Exception):
    """Another writer changed the game first (a double click that slipped past the lock)."""


@dataclass
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    table_message_id: int | None
    table_key: str | None
    octopus_id: int
    shark_id: int
    options: dict[str, Any]
    state: str
    version: int
    status: str
    winner: str | None
    win_reason: str | None
    panel_versions: dict[str, list[Any]]

    @property
    def where(self) -> int:
        """The channel the match is played in (its thread when there is one)."""
        return self.thread_id or self.channel_id

    def seat_of(self, user_id: int) -> str | None:
        if user_id == self.octopus_id:
            return "octopus"
        if user_id == self.shark_id:
            return "shark"
        return None

    def user_of(self, seat: str) -> int:
        return self.octopus_id if seat == "octopus" else self.shark_id


@dataclass
class LobbyRow:
    id: int
    guild_id: int | None
    channel_id: int
    message_id: int | None
    challenger_id: int
    challenged_id: int
    role: str
    board: str
    created_at: float
    expires_at: float
    status: str
    game_id: int | None
    expansion: str = "none"


_GAME_COLS = ("id, guild_id, channel_id, thread_id, table_message_id, table_key, octopus_id, "
              "shark_id, options, state, version, status, winner, win_reason, panel_versions")
_LOBBY_COLS = ("id, guild_id, channel_id, message_id, challenger_id, challenged_id, role, "
               "board, created_at, expires_at, status, game_id, expansion")


def _game(row: Any) -> GameRow:
    vals = list(row)
    vals[8] = json.loads(vals[8])
    vals[14] = json.loads(vals[14])
    return GameRow(*vals)


class Storage:
    """One aiosqlite connection shared by every game of the process.

    Transactions on one connection can't overlap (a second BEGIN inside the first, or a
    rollback undoing another game's update), so every access takes `_lock`; SQLite work
    is sub-millisecond, so the lock costs nothing measurable.
    """

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str) -> Storage:
        db = await aiosqlite.connect(path)
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA foreign_keys=ON")
        await db.execute("PRAGMA busy_timeout=5000")
        self = cls(db)
        await self.migrate()
        return self

    async def close(self) -> None:
        await self.db.close()

    async def migrate(self) -> int:
        await self.db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER)")
        cur = await self.db.execute("SELECT MAX(version) FROM schema_version")
        have = (await cur.fetchone())[0] or 0  # type: ignore[index]
        for number, sql in MIGRATIONS:
            if number > have:
                await self.db.executescript(
                    f"BEGIN; {sql}; INSERT INTO schema_version VALUES ({number}); COMMIT;"
                )
                have = number
        return have

    # -- games ----------------------------------------------------------------------------
    @_serialised
    async def create_game(self, *, guild_id: int | None, channel_id: int, octopus_id: int,
                          shark_id: int, options: dict[str, Any], state: str,
                          version: int, panel_versions: dict[str, list[Any]]) -> int:
        now = time.time()
        cur = await self.db.execute(
            "INSERT INTO games (guild_id, channel_id, octopus_id, shark_id, options, state, "
            "version, created_at, updated_at, panel_versions) VALUES (?,?,?,?,?,?,?,?,?,?)",
            (guild_id, channel_id, octopus_id, shark_id, json.dumps(options), state, version,
             now, now, json.dumps(panel_versions)),
        )
        await self.db.commit()
        assert cur.lastrowid is not None
        return cur.lastrowid

    @_serialised
    async def game(self, game_id: int) -> GameRow | None:
        cur = await self.db.execute(f"SELECT {_GAME_COLS} FROM games WHERE id = ?", (game_id,))
        row = await cur.fetchone()
        return _game(row) if row else None

    @_serialised
    async def commit_action(self, game_id: int, *, expected_version: int, new_version: int,
                            state: str, seat: str, user_id: int | None, action: str,
                            winner: str | None, win_reason: str | None,
                            panel_versions: dict[str, list[Any]]) -> None:
        """New state and its log row in one transaction; fails if the version moved."""
        now = time.time()
        try:
            await self.db.execute("BEGIN IMMEDIATE")
            cur = await self.db.execute(
                "UPDATE games SET state = ?, version = ?, updated_at = ?, status = ?, "
                "winner = ?, win_reason = ?, panel_versions = ? WHERE id = ? AND version = ?",
                (state, new_version, now, "finished" if winner else "active", winner,
                 win_reason, json.dumps(panel_versions), game_id, expected_version),
            )
            if cur.rowcount != 1:
                raise VersionConflict(f"game {game_id} is no longer at {expected_version}")
            cur = await self.db.execute(
                "SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_id = ?", (game_id,))
            seq = (await cur.fetchone())[0]  # type: ignore[index]
            await self.db.execute(
                "INSERT INTO actions (game_id, seq, seat, user_id, action, version, at) "
                "VALUES (?,?,?,?,?,?,?)",
                (game_id, seq, seat, user_id, action, new_version, now),
            )
            await self.db.commit()
        except BaseException:
            await self.db.rollback()
            raise

    @_serialised
    async def actions(self, game_id: int) -> list[tuple[int, str, str, int]]:
        cur = await self.db.execute(
            "SELECT seq, seat, action, version FROM actions WHERE game_id = ? ORDER BY seq",
            (game_id,))
        return [tuple(r) for r in await cur.fetchall()]  # type: ignore[misc]

    @_serialised
    async def set_places(self, game_id: int, *, thread_id: int | None = None,
                         table_message_id: int | None = None,
                         table_key: str | None = None) -> None:
        sets, vals = [], []
        for col, v in (("thread_id", thread_id), ("table_message_id", table_message_id),
                       ("table_key", table_key)):
            if v is not None:
                sets.append(f"{col} = ?")
                vals.append(v)
        if sets:
            await self.db.execute(f"UPDATE games SET {', '.join(sets)} WHERE id = ?",
                                  (*vals, game_id))
            await self.db.commit()

    @_serialised
    async def active_games(self, guild_id: int | None) -> list[GameRow]:
        cur = await self.db.execute(
            f"SELECT {_GAME_COLS} FROM games WHERE guild_id IS ? AND status = 'active' "
            "ORDER BY id", (guild_id,))
        return [_game(r) for r in await cur.fetchall()]

    @_serialised
    async def practice_games(self) -> list[GameRow]:
        """Active games against the bot (their options name a practice level)."""
        cur = await self.db.execute(
            f"SELECT {_GAME_COLS} FROM games WHERE status = 'active' AND "
            "json_extract(options, '$.practice') IS NOT NULL ORDER BY id")
        return [_game(r) for r in await cur.fetchall()]

    @_serialised
    async def games_of(self, user_id: int) -> list[GameRow]:
        cur = await self.db.execute(
            f"SELECT {_GAME_COLS} FROM games WHERE status = 'active' AND "
            "(octopus_id = ? OR shark_id = ?) ORDER BY id", (user_id, user_id))
        return [_game(r) for r in await cur.fetchall()]

    # -- settings -------------------------------------------------------------------------
    @_serialised
    async def dm_enabled(self, user_id: int) -> bool:
        cur = await self.db.execute("SELECT dm FROM user_settings WHERE user_id = ?",
                                    (user_id,))
        row = await cur.fetchone()
        return True if row is None else bool(row[0])

    @_serialised
    async def set_dm(self, user_id: int, on: bool) -> None:
        await self.db.execute(
            "INSERT INTO user_settings (user_id, dm) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET dm = excluded.dm", (user_id, int(on)))
        await self.db.commit()

    @_serialised
    async def first_dm_failure(self, game_id: int, user_id: int) -> bool:
        """True the first time a DM to this player fails in this game (say it once)."""
        cur = await self.db.execute(
            "INSERT OR IGNORE INTO dm_notices (game_id, user_id) VALUES (?, ?)",
            (game_id, user_id))
        await self.db.commit()
        return cur.rowcount == 1

    @_serialised
    async def spectator_channel(self, guild_id: int | None) -> int | None:
        if guild_id is None:
            return None
        cur = await self.db.execute(
            "SELECT spectator_channel_id FROM guild_config WHERE guild_id = ?", (guild_id,))
        row = await cur.fetchone()
        return row[0] if row else None

    @_serialised
    async def set_spectator_channel(self, guild_id: int, channel_id: int | None) -> None:
        await self.db.execute(
            "INSERT INTO guild_config (guild_id, spectator_channel_id) VALUES (?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET spectator_channel_id = "
            "excluded.spectator_channel_id", (guild_id, channel_id))
        await self.db.commit()

    # -- lobbies --------------------------------------------------------------------------
    @_serialised
    async def create_lobby(self, *, guild_id: int | None, channel_id: int, challenger_id: int,
                           challenged_id: int, role: str, board: str, ttl: float,
                           expansion: str = "none") -> int:
        now = time.time()
        cur = await self.db.execute(
            "INSERT INTO lobbies (guild_id, channel_id, challenger_id, challenged_id, role, "
            "board, created_at, expires_at, expansion) VALUES (?,?,?,?,?,?,?,?,?)",
            (guild_id, channel_id, challenger_id, challenged_id, role, board, now, now + ttl,
             expansion))
        await self.db.commit()
        assert cur.lastrowid is not None
        return cur.lastrowid

    @_serialised
    async def lobby(self, lobby_id: int) -> LobbyRow | None:
        cur = await self.db.execute(f"SELECT {_LOBBY_COLS} FROM lobbies WHERE id = ?",
                                    (lobby_id,))
        row = await cur.fetchone()
        return LobbyRow(*row) if row else None

    @_serialised
    async def set_lobby_message(self, lobby_id: int, message_id: int) -> None:
        await self.db.execute("UPDATE lobbies SET message_id = ? WHERE id = ?",
                              (message_id, lobby_id))
        await self.db.commit()

    @_serialised
    async def close_lobby(self, lobby_id: int, status: str, game_id: int | None = None) -> bool:
        """Move an open lobby to `status`; False if it was already closed (a double click)."""
        cur = await self.db.execute(
            "UPDATE lobbies SET status = ?, game_id = ? WHERE id = ? AND status = 'open'",
            (status, game_id, lobby_id))
        await self.db.commit()
        return cur.rowcount == 1
