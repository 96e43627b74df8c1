-- Notifications are delivered in order per destination (a match's board, its lobby post, one
-- seat's messages), whichever process delivers them (bot/store/leases.py, ``OUTBOX_LINE``):
-- a claim looks up, for each due row, the first undelivered row of its destination and any
-- earlier one that is not ready. Only undelivered rows are indexed (a handful per match,
-- among years of delivered ones), so the index stays small and each look-up is a short range.
CREATE INDEX outbox_lines ON outbox (match_id, kind, COALESCE(seat, -1), id) WHERE done_at IS NULL;
