-- The DM channel of each user, once opened: direct messages are sent to it without asking
-- Discord for the user first (GET /users/{id}) or opening the channel again.
ALTER TABLE users ADD COLUMN dm_channel_id INTEGER;
