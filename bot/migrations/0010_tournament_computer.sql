-- Computer opponents in tournaments: the level ('easy', 'normal' or 'strong') at which the
-- computer plays a bye's game or fills a short table, when the organiser allows it; ''
-- when the organiser does not (byes are free points, short tables play short, as before).
ALTER TABLE tournaments ADD COLUMN computer TEXT NOT NULL DEFAULT '';
