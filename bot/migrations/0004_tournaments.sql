-- Community tournaments and ratings.

-- A tournament: its game and options, format, clocks and deadlines, entry rules and state.
CREATE TABLE tournaments (
    id                INTEGER PRIMARY KEY,
    guild_id          INTEGER,
    channel_id        INTEGER,
    signup_message_id INTEGER,
    organiser_id      INTEGER NOT NULL,
    name              TEXT    NOT NULL,
    game_key          TEXT    NOT NULL,
    options_json      TEXT    NOT NULL,
    format            TEXT    NOT NULL,           -- swiss | pods | round_robin | elimination
    rounds            INTEGER NOT NULL,           -- planned rounds (fixed when it starts)
    table_size        INTEGER NOT NULL DEFAULT 2, -- seats per table (2 for pairs)
    place_points_json TEXT    NOT NULL,           -- points per place at a table
    time_limit        INTEGER,                    -- the games' time control
    time_bank         INTEGER NOT NULL DEFAULT 0,
    round_seconds     INTEGER NOT NULL,           -- how long a round may run
    settle            TEXT    NOT NULL,           -- at the deadline: autopilot | adjudicate
    drop_rule         TEXT    NOT NULL,           -- a drop's running games: autopilot | forfeit
    signup_closes     REAL    NOT NULL,
    check_in          INTEGER NOT NULL DEFAULT 0,
    required_role     INTEGER,
    min_completion    INTEGER NOT NULL DEFAULT 0, -- percent
    rated             INTEGER NOT NULL DEFAULT 1,
    status            TEXT    NOT NULL,           -- signup | running | paused | finished | cancelled
    current_round     INTEGER NOT NULL DEFAULT 0,
    round_deadline    REAL,                       -- NULL unless a round runs (and not paused)
    paused_left       REAL,                       -- the round's time left while paused
    created_at        REAL    NOT NULL
);
CREATE INDEX tournaments_by_status ON tournaments (status, round_deadline);

-- Who entered, in sign-up order (the seed when nobody has a rating yet).
CREATE TABLE entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    joined_at     REAL    NOT NULL,
    seed          INTEGER NOT NULL DEFAULT 0,     -- fixed when the tournament starts
    status        TEXT    NOT NULL DEFAULT 'in',  -- in | dropped | eliminated
    checked_in    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, user_id)
);

-- One table of one round: its players in seat order, its match, and its result.
CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    table_no      INTEGER NOT NULL,
    players_json  TEXT    NOT NULL,
    match_id      INTEGER UNIQUE,                  -- NULL for a bye, or before the match exists
    places_json   TEXT,                            -- places by seat once settled
    settled_by    TEXT,                            -- game | bye | autopilot | adjudicated | forfeit | corrected
    PRIMARY KEY (tournament_id, round, table_no)
);

-- Everything the organiser did, with who and why (corrections above all).
CREATE TABLE tournament_log (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    at            REAL    NOT NULL,
    actor         INTEGER NOT NULL,
    action        TEXT    NOT NULL,
    detail_json   TEXT    NOT NULL,
    reason        TEXT    NOT NULL DEFAULT ''
);

-- Announcements waiting for the Discord adapter (round pairings, deadlines, the end).
CREATE TABLE tournament_outbox (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    payload_json  TEXT    NOT NULL,
    created_at    REAL    NOT NULL,
    attempts      INTEGER NOT NULL DEFAULT 0,
    delivered_at  REAL
);
CREATE INDEX tournament_outbox_due ON tournament_outbox (delivered_at);

-- A rating per player per game per server (guild 0: outside any server).
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    game_key   TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    games      INTEGER NOT NULL,
    updated_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, game_key, user_id)
);
CREATE INDEX ratings_by_game ON ratings (guild_id, game_key);

-- Every rating change, one row per rated player of a match: a match is rated once.
CREATE TABLE rating_changes (
    match_id     INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    place        INTEGER NOT NULL,
    before_mu    REAL    NOT NULL,
    before_sigma REAL    NOT NULL,
    after_mu     REAL    NOT NULL,
    after_sigma  REAL    NOT NULL,
    at           REAL    NOT NULL,
    PRIMARY KEY (match_id, user_id)
);
