-- The level of the moves the bot plays for a person who is absent (issue 17): a seat handed
-- to the autopilot after three time-outs, a single time-out, a vacation with the autopilot.
-- 'easy' (today's autopilot, the default), 'normal' or 'strong' (games.ai.Level); searching
-- levels think in the bot's worker process (bot/ai_worker.py). One column with a default:
-- quick on a file of any size, and every server keeps today's behaviour.
ALTER TABLE server_settings ADD COLUMN autopilot_level TEXT NOT NULL DEFAULT 'easy';
