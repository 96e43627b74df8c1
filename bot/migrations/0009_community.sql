-- Community: each server's setup, the audit log of administrative acts, forgotten users,
-- followers of matches and each person's notification settings.
-- Portable SQL (no INSERT OR IGNORE, no lastrowid): the PostgreSQL store ports it as is,
-- with INTEGER PRIMARY KEY read as an identity column.

-- One row per server that changed anything with /setup; no row: every default.
CREATE TABLE server_settings (
    guild_id           INTEGER PRIMARY KEY,
    match_channels     TEXT    NOT NULL DEFAULT '[]', -- JSON list of channel ids; empty: anywhere
    forum_channel_id   INTEGER,                       -- matches open as posts of this forum
    locale             TEXT,                          -- public posts; NULL: the server's Discord language
    time_limit         INTEGER,                       -- the default time control of /game new
    time_bank          INTEGER NOT NULL DEFAULT 0,
    organiser_role     INTEGER,                       -- who may organise tournaments; NULL: anyone
    autopilot_takeover INTEGER NOT NULL DEFAULT 1,    -- 0: three time-outs do not hand a seat over
    quiet_start        INTEGER,                       -- default quiet hours, minutes after midnight
    quiet_end          INTEGER,
    timezone           TEXT,
    updated_at         REAL    NOT NULL
);

-- Every administrative act, with who, when, what and why. Kept when matches are deleted
-- (the deletion is itself a row), so match_id has no foreign key.
CREATE TABLE audit_log (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER,
    at          REAL    NOT NULL,
    actor_id    INTEGER,                 -- NULL: the bot itself (a deadline, three time-outs)
    kind        TEXT    NOT NULL,
    match_id    INTEGER,
    target_id   INTEGER,                 -- the user acted upon, if any
    detail_json TEXT    NOT NULL DEFAULT '{}',
    reason      TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX audit_by_guild ON audit_log (guild_id, id);
CREATE INDEX audit_by_match ON audit_log (match_id) WHERE match_id IS NOT NULL;

-- Users who asked to be forgotten get a small number in their place (never a Discord id,
-- which is far larger); the row says when, nothing about who.
CREATE TABLE forgotten_users (
    alias        INTEGER PRIMARY KEY,
    forgotten_at REAL    NOT NULL
);

-- Who follows a match's public posts by DM.
CREATE TABLE followers (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id  INTEGER NOT NULL,
    since    REAL    NOT NULL,
    PRIMARY KEY (match_id, user_id)
);
CREATE INDEX followers_by_user ON followers (user_id);

-- What a person wants to be told by DM; no row: everything on, no heads-up, digests any hour.
CREATE TABLE notification_settings (
    user_id     INTEGER PRIMARY KEY,
    muted_json  TEXT    NOT NULL DEFAULT '[]', -- kinds of DM turned off
    ping_next   INTEGER NOT NULL DEFAULT 0,    -- a heads-up when the player before me starts their turn
    digest_hour INTEGER                        -- the hour (in the user's time zone) of the daily digest
);
