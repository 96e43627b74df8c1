-- Notifications are delivered in order per destination: the twin of SQLite's 0013. A claim
-- looks up, for each due row, the first undelivered row of its destination and any earlier
-- one that is not ready; only undelivered rows are indexed (a handful per match).
CREATE INDEX outbox_lines ON outbox (match_id, kind, COALESCE(seat, -1), id) WHERE done_at IS NULL;
