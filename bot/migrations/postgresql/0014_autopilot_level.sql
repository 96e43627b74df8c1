-- The level of the moves the bot plays for a person who is absent: the twin of SQLite's 0014.
ALTER TABLE server_settings ADD COLUMN autopilot_level TEXT NOT NULL DEFAULT 'easy';
