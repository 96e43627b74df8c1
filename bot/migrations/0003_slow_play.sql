-- Slow play: time controls, clocks, autopilot seats, move history with events, vacations,
-- quiet hours.

-- Time control of a match: seconds per decision (NULL: no clock) and a per-seat bank.
ALTER TABLE matches ADD COLUMN time_limit INTEGER;
ALTER TABLE matches ADD COLUMN time_bank INTEGER NOT NULL DEFAULT 0;
-- Joining requires at least this completion rate (percent) in the player's record.
ALTER TABLE matches ADD COLUMN min_completion INTEGER NOT NULL DEFAULT 0;

-- A seat played by the autopilot: a robot opponent (negative user id) or a seat handed over.
ALTER TABLE seats ADD COLUMN autopilot INTEGER NOT NULL DEFAULT 0;

-- What each move did (events with their audience), who chose it, and how long it took.
ALTER TABLE moves ADD COLUMN events_json TEXT;
ALTER TABLE moves ADD COLUMN chosen_by TEXT NOT NULL DEFAULT 'player';
ALTER TABLE moves ADD COLUMN think_seconds REAL;

-- One clock per seat of a timed match.
CREATE TABLE clocks (
    match_id      INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL,
    bank_left     REAL    NOT NULL DEFAULT 0,
    turn_started  REAL,              -- when the seat last became due to act; NULL when not
    deadline      REAL,              -- when its time runs out; NULL when not running
    reminders     INTEGER NOT NULL DEFAULT 0, -- rungs of the reminder ladder sent this turn
    remind_at     REAL,              -- the next rung of the ladder; NULL when none is left
    timeouts      INTEGER NOT NULL DEFAULT 0,
    paused_left   REAL,              -- time left when paused (a vacation); NULL when not paused
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX clocks_by_deadline ON clocks (deadline);
CREATE INDEX clocks_by_reminder ON clocks (remind_at);

-- The deadlines live in clocks and the user-level times in users: the generic table of
-- 0001 was never used.
DROP TABLE timers;

-- Vacations and quiet hours of a user.
ALTER TABLE users ADD COLUMN timezone TEXT;
ALTER TABLE users ADD COLUMN quiet_start INTEGER;   -- minutes after local midnight
ALTER TABLE users ADD COLUMN quiet_end INTEGER;
ALTER TABLE users ADD COLUMN vacation_until REAL;
ALTER TABLE users ADD COLUMN vacation_mode TEXT;    -- 'autopilot' or 'clock'
ALTER TABLE users ADD COLUMN vacation_days_used REAL NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN vacation_year INTEGER; -- the calendar year vacation_days_used counts
ALTER TABLE users ADD COLUMN next_digest_at REAL;
