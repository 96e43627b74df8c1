-- Computer opponents in tournaments: the twin of SQLite's 0010. The level ('easy', 'normal'
-- or 'strong') at which the computer plays a bye's game or fills a short table, when the
-- organiser allows it; '' when the organiser does not.
ALTER TABLE tournaments ADD COLUMN computer TEXT NOT NULL DEFAULT '';
