-- Serenissima schema, version 1. Never edit after release: add 0002_... instead.
CREATE TABLE matches (
    id               INTEGER PRIMARY KEY,
    game_key         TEXT    NOT NULL,
    rules_version    INTEGER NOT NULL,
    options_json     TEXT    NOT NULL,
    seed             INTEGER NOT NULL,
    max_seats        INTEGER NOT NULL,
    status           TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
    state_json       TEXT,
    version          INTEGER NOT NULL DEFAULT 0,
    ply              INTEGER NOT NULL DEFAULT 0,
    guild_id         INTEGER,
    channel_id       INTEGER,
    thread_id        INTEGER,
    lobby_message_id INTEGER,
    creator_id       INTEGER NOT NULL,
    draw_offers      INTEGER NOT NULL DEFAULT 0, -- bitmask of seats that offered or accepted a draw
    outcome_json     TEXT,
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL
);
CREATE INDEX matches_by_guild ON matches (guild_id, status);

CREATE TABLE seats (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    PRIMARY KEY (match_id, seat),
    UNIQUE (match_id, user_id)
);
CREATE INDEX seats_by_user ON seats (user_id);

CREATE TABLE moves (
    match_id   INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    ply        INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    code       TEXT    NOT NULL,
    version    INTEGER NOT NULL, -- the match version this move created
    created_at REAL    NOT NULL,
    PRIMARY KEY (match_id, ply)
);

-- Notifications written in the same transaction as the change that caused them, and
-- delivered (and retried) afterwards: a crash between commit and send loses nothing.
CREATE TABLE outbox (
    id              INTEGER PRIMARY KEY,
    match_id        INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    kind            TEXT    NOT NULL,
    seat            INTEGER,
    version         INTEGER NOT NULL,
    payload_json    TEXT    NOT NULL,
    created_at      REAL    NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at REAL    NOT NULL,
    done_at         REAL
);
CREATE INDEX outbox_pending ON outbox (done_at, next_attempt_at);

-- Deadlines and reminders (used by the clocks): stored rows so a restart resumes them.
CREATE TABLE timers (
    id       INTEGER PRIMARY KEY,
    due_at   REAL    NOT NULL,
    kind     TEXT    NOT NULL,
    match_id INTEGER REFERENCES matches (id) ON DELETE CASCADE,
    seat     INTEGER
);
CREATE INDEX timers_due ON timers (due_at);

-- What we remember of a Discord user between interactions.
CREATE TABLE users (
    user_id    INTEGER PRIMARY KEY,
    locale     TEXT,
    dm_closed  INTEGER NOT NULL DEFAULT 0
);
