-- Answers a player gives in advance to a game's out-of-turn question (e.g. Venezia 2099's
-- rescue): the service plays them whenever that seat is asked.
CREATE TABLE standing_answers (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    code     TEXT    NOT NULL,
    PRIMARY KEY (match_id, seat)
);
