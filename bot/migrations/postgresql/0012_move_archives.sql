-- A finished match's move log packed into one compressed row: the twin of SQLite's 0012.
-- The transaction that ends a match packs it; matches that ended before are queued here and
-- packed in the background (this migration only queues them).
CREATE TABLE move_archives (
    match_id   BIGINT PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    format     BIGINT NOT NULL,
    move_count BIGINT NOT NULL,
    mentions   TEXT,
    packed     BYTEA  NOT NULL
);

CREATE TABLE moves_to_pack (
    match_id BIGINT PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE
);
INSERT INTO moves_to_pack (match_id)
SELECT id FROM matches WHERE status IN ('finished', 'cancelled');

ALTER TABLE seats ADD COLUMN think_total DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN think_moves BIGINT NOT NULL DEFAULT 0;
