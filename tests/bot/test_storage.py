"""SQLite storage: migrations, the version compare-and-set, concurrent games."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import rules
from bot.service import GameService, Refused, panel_versions
from bot.storage import Storage, VersionConflict


async def test_migrations_run_once_and_wal_is_on(tmp_path: Path) -> None:
    db = str(tmp_path / "k.sqlite3")
    s = await Storage.open(db)
    cur = await s.db.execute("PRAGMA journal_mode")
    assert (await cur.fetchone())[0] == "wal"  # type: ignore[index]
    top = await s.migrate()
    await s.close()
    s = await Storage.open(db)
    assert await s.migrate() == top
    await s.close()


async def test_compare_and_set_refuses_a_second_writer(tmp_path: Path) -> None:
    s = await Storage.open(str(tmp_path / "k.sqlite3"))
    svc = GameService(s)
    row, g = await svc.create(guild_id=1, channel_id=2, octopus_id=10, shark_id=11,
                              board="day", seed=5)
    rules.apply(g, "octopus", "den 1")
    args = dict(expected_version=0, new_version=1, state=rules.dump(g), seat="octopus",
                user_id=10, action="den 1", winner=None, win_reason=None,
                panel_versions=panel_versions(g, row.panel_versions))
    await s.commit_action(row.id, **args)  # type: ignore[arg-type]
    with pytest.raises(VersionConflict):
        await s.commit_action(row.id, **args)  # type: ignore[arg-type]
    assert len(await s.actions(row.id)) == 1
    await s.close()


async def test_concurrent_games_never_lose_a_commit(tmp_path: Path) -> None:
    """Many games committing at once on one connection: every step persists."""
    s = await Storage.open(str(tmp_path / "k.sqlite3"))
    svc = GameService(s)
    games = [await svc.create(guild_id=1, channel_id=2, octopus_id=10 + i, shark_id=50 + i,
                              board="day", seed=i) for i in range(12)]

    async def play(row_id: int, user: int) -> int:
        for _ in range(15):
            async with svc.lock(row_id):
                row, g = await svc.load(row_id)
                seat = rules.pending(g)["seats"][0]
                uid = row.user_of(seat)
                try:
                    await svc.act(row_id, uid, expected_version=row.panel_versions[seat][0],
                                  index=0)
                except Refused:
                    raise
            await asyncio.sleep(0)
        return row_id

    await asyncio.gather(*(play(r.id, r.octopus_id) for r, _ in games))
    for r, _ in games:
        row, g = await svc.load(r.id)
        logged = await s.actions(r.id)
        assert len(logged) == 15 and g.version == 15 == row.version
        assert [a for _, _, a, _ in logged] == [a for _, a in g.history]
    await s.close()


async def test_a_database_from_before_the_expansion_upgrades(tmp_path: Path) -> None:
    """Migration 3 gives open challenges made before it the base game."""
    import aiosqlite

    from bot.migrations import MIGRATIONS

    path = str(tmp_path / "old.sqlite3")
    db = await aiosqlite.connect(path)
    old = Storage(db)
    await db.execute("CREATE TABLE schema_version (version INTEGER)")
    for number, sql in MIGRATIONS[:2]:
        await db.executescript(f"BEGIN; {sql}; INSERT INTO schema_version VALUES ({number}); "
                               "COMMIT;")
    await db.execute(
        "INSERT INTO lobbies (guild_id, channel_id, challenger_id, challenged_id, role, board, "
        "created_at, expires_at) VALUES (1, 2, 3, 4, 'random', 'day', 0, 1e12)")
    await db.commit()
    await old.close()
    s = await Storage.open(path)
    lobby = await s.lobby(1)
    assert lobby is not None and lobby.expansion == "none"
    new = await s.create_lobby(guild_id=1, channel_id=2, challenger_id=3, challenged_id=4,
                               role="octopus", board="night", ttl=60,
                               expansion="offshore_offspring")
    assert (await s.lobby(new)).expansion == "offshore_offspring"  # type: ignore[union-attr]
    await s.close()

