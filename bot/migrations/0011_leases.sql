-- Leases on background work (issue 14): several bot processes on one database claim what is
-- due instead of all doing it. A row being worked on names its worker (``claimed_by``, a
-- process's id) and until when the claim holds (``lease_until``, on the service's clock);
-- a row is free when it has no lease or its lease has run out, so a killed process's
-- claims are taken over once they expire. On SQLite only one process runs, but the same
-- statements keep it honest.
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN lease_until REAL;
ALTER TABLE clocks ADD COLUMN claimed_by TEXT;
ALTER TABLE clocks ADD COLUMN lease_until REAL;
ALTER TABLE users ADD COLUMN claimed_by TEXT;
ALTER TABLE users ADD COLUMN lease_until REAL;
ALTER TABLE tournaments ADD COLUMN claimed_by TEXT;
ALTER TABLE tournaments ADD COLUMN lease_until REAL;
ALTER TABLE tournament_outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE tournament_outbox ADD COLUMN lease_until REAL;
