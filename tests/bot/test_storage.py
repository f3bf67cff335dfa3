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
