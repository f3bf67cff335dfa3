"""Numbered SQL migrations, applied in order at start-up (`Storage.open`).

Append a new entry to change the schema; never edit an applied one: a database knows the
highest number it has run.
"""

from __future__ import annotations

MIGRATIONS: list[tuple[int, str]] = [
    (
        1,
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            guild_id INTEGER,
            channel_id INTEGER NOT NULL,
            thread_id INTEGER,
            table_message_id INTEGER,
            table_key TEXT,
            octopus_id INTEGER NOT NULL,
            shark_id INTEGER NOT NULL,
            options TEXT NOT NULL,
            state TEXT NOT NULL,
            version INTEGER NOT NULL,
            status TEXT NOT NULL DEFAULT 'active',
            winner TEXT,
            win_reason TEXT,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL
        );
        CREATE INDEX games_guild_status ON games (guild_id, status);
        CREATE TABLE actions (
            game_id INTEGER NOT NULL REFERENCES games (id),
            seq INTEGER NOT NULL,
            seat TEXT NOT NULL,
            user_id INTEGER,
            action TEXT NOT NULL,
            version INTEGER NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (game_id, seq)
        );
        CREATE TABLE user_settings (
            user_id INTEGER PRIMARY KEY,
            dm INTEGER NOT NULL DEFAULT 1
        );
        CREATE TABLE dm_notices (
            game_id INTEGER NOT NULL,
            user_id INTEGER NOT NULL,
            PRIMARY KEY (game_id, user_id)
        );
        CREATE TABLE guild_config (
            guild_id INTEGER PRIMARY KEY,
            spectator_channel_id INTEGER
        );
        CREATE TABLE lobbies (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            guild_id INTEGER,
            channel_id INTEGER NOT NULL,
            message_id INTEGER,
            challenger_id INTEGER NOT NULL,
            challenged_id INTEGER NOT NULL,
            role TEXT NOT NULL,
            board TEXT NOT NULL,
            created_at REAL NOT NULL,
            expires_at REAL NOT NULL,
            status TEXT NOT NULL DEFAULT 'open',
            game_id INTEGER
        );
        """,
    ),
    (
        2,
        """
        ALTER TABLE games ADD COLUMN panel_versions TEXT NOT NULL DEFAULT '{}';
        """,
    ),
    (
        3,
        # Offshore Offspring: a challenge names the expansion it will be played with (games
        # keep theirs in `options`, which is JSON already).
        """
        ALTER TABLE lobbies ADD COLUMN expansion TEXT NOT NULL DEFAULT 'none';
        """,
    ),
]
