-- A finished match's move log packed into one compressed row (bot/store/move_archive.py):
-- a few KB a match instead of one row of 60 to 80 bytes per decision. The transaction that
-- ends a match packs it; matches that ended before are queued here and packed in the
-- background, a few a transaction (this migration only queues their ids, read from an index
-- of matches, and adds two columns with defaults: it stays quick on a file of any size).
CREATE TABLE move_archives (
    match_id   INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    format     INTEGER NOT NULL,
    move_count INTEGER NOT NULL,
    mentions   TEXT,             -- ' 12 345 ': the integers the notes hold (user ids), for forgetting a user
    packed     BLOB    NOT NULL
);

CREATE TABLE moves_to_pack (
    match_id INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE
);
INSERT INTO moves_to_pack (match_id)
SELECT id FROM matches WHERE status IN ('finished', 'cancelled');

-- Each seat's thinking time (the moves its player chose), summed when the log is packed:
-- a player record reads these rather than unpacking every finished match.
ALTER TABLE seats ADD COLUMN think_total REAL NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN think_moves INTEGER NOT NULL DEFAULT 0;
