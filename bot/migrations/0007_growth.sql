-- Data that grows for years: lookups by index instead of over every match or user ever
-- stored, and a move log that keeps only what replaying the match cannot give back.

-- /game without a match id, and /game join: the match of a thread, or of a channel that
-- has no threads.
CREATE INDEX matches_by_thread ON matches (thread_id);
CREATE INDEX matches_by_channel ON matches (channel_id, thread_id, status);

-- The scheduler's tick: whose vacation ends and whose digest is due. Most users have
-- neither, so the partial indexes hold only those who have one.
CREATE INDEX users_vacation_due ON users (vacation_until) WHERE vacation_until IS NOT NULL;
CREATE INDEX users_digest_due ON users (next_digest_at) WHERE next_digest_at IS NOT NULL;

-- The platform's notes of a move (who chose it for the player and why: a time-out, the
-- autopilot, a standing answer) are not a function of (seed, moves): they are kept for ever,
-- in their own column, only on the moves that have them (NULL: none).
ALTER TABLE moves ADD COLUMN notes_json TEXT;
UPDATE moves SET notes_json = (
    SELECT json_group_array(json(value)) FROM (
        SELECT value FROM json_each(moves.events_json)
        WHERE json_extract(value, '$.message.key') LIKE 'core.%' ORDER BY key
    )
)
WHERE events_json IS NOT NULL AND EXISTS (
    SELECT 1 FROM json_each(moves.events_json) WHERE json_extract(value, '$.message.key') LIKE 'core.%'
);

-- The engine's events: ``events_json`` keeps them while the match runs (the log and the
-- catch-up of a running match are read often), and a match that ended drops them (they
-- are replayed from the seed and the moves when its log is read).
UPDATE moves SET events_json = NULL
WHERE match_id IN (SELECT id FROM matches WHERE status IN ('finished', 'cancelled'));
UPDATE moves SET events_json = (
    SELECT json_group_array(json(value)) FROM (
        SELECT value FROM json_each(moves.events_json)
        WHERE json_extract(value, '$.message.key') NOT LIKE 'core.%' ORDER BY key
    )
)
WHERE events_json IS NOT NULL AND notes_json IS NOT NULL;
