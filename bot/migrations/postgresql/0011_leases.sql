-- Leases on background work (issue 14): the twin of SQLite's 0011. A row being worked on
-- names its worker (``claimed_by``) and until when the claim holds (``lease_until``, on the
-- service's clock); claims are taken with ``FOR UPDATE SKIP LOCKED``, so two processes never
-- take the same row, and a killed process's claims are taken over once they expire.
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN lease_until DOUBLE PRECISION;
ALTER TABLE clocks ADD COLUMN claimed_by TEXT;
ALTER TABLE clocks ADD COLUMN lease_until DOUBLE PRECISION;
ALTER TABLE users ADD COLUMN claimed_by TEXT;
ALTER TABLE users ADD COLUMN lease_until DOUBLE PRECISION;
ALTER TABLE tournaments ADD COLUMN claimed_by TEXT;
ALTER TABLE tournaments ADD COLUMN lease_until DOUBLE PRECISION;
ALTER TABLE tournament_outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE tournament_outbox ADD COLUMN lease_until DOUBLE PRECISION;
