-- Take-backs and substitutes (issue 16).

-- A move taken back leaves the move log (replaying the log must not play it) but is kept
-- here, marked, for the log and the export: who played it, when, and when it was taken back.
-- ``events_json`` holds its engine events with their audiences (they are not a function of
-- the seed and the moves any more, since the move is no longer in the log).
CREATE TABLE taken_back_moves (
    match_id      INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    ply           INTEGER NOT NULL,
    seat          INTEGER NOT NULL,
    code          TEXT    NOT NULL,
    played_at     REAL    NOT NULL,
    taken_back_at REAL    NOT NULL,
    events_json   TEXT    NOT NULL
);
CREATE INDEX taken_back_moves_by_match ON taken_back_moves (match_id, ply);

-- An open request to take a move back in a rated match: at most one per match. It is good
-- only while the match is at ``version`` (any move expires it); ``agreed`` is the bitmask
-- of the seats that agreed.
CREATE TABLE takeback_requests (
    match_id   INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    agreed     INTEGER NOT NULL DEFAULT 0,
    created_at REAL    NOT NULL
);

-- A seat offered to a substitute: to one member (``to_user``), or to a volunteer (NULL
-- until someone presses "Take this seat"; then ``volunteer`` waits for the organiser's or
-- an admin's confirmation). ``from_user`` is the seat's user when offered: the offer is void
-- once the seat changed hands. ``status``: open | done | withdrawn.
CREATE TABLE seat_offers (
    id         INTEGER PRIMARY KEY,
    match_id   INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    from_user  INTEGER NOT NULL,
    offered_by INTEGER NOT NULL,
    to_user    INTEGER,
    volunteer  INTEGER,
    status     TEXT    NOT NULL DEFAULT 'open',
    created_at REAL    NOT NULL
);
CREATE INDEX seat_offers_by_match ON seat_offers (match_id, status);

-- Every seat that changed hands while the match ran: the leaver's record counts an
-- abandoned match, the substitute's rating is left out of it. ``confirmed_by`` is who
-- confirmed a volunteer (NULL: the substitute accepted the seat's own offer).
CREATE TABLE substitutions (
    id           INTEGER PRIMARY KEY,
    match_id     INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    leaver       INTEGER NOT NULL,
    substitute   INTEGER NOT NULL,
    confirmed_by INTEGER,
    at           REAL    NOT NULL
);
CREATE INDEX substitutions_by_match ON substitutions (match_id);
CREATE INDEX substitutions_by_leaver ON substitutions (leaver);

-- Tournaments whose organiser allows substitutes in their games.
CREATE TABLE tournament_substitutes (
    tournament_id INTEGER PRIMARY KEY REFERENCES tournaments (id) ON DELETE CASCADE,
    allowed       INTEGER NOT NULL DEFAULT 0
);
