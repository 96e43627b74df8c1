-- Whether a finished match counts for the players' ratings (chosen when it is created).
ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
