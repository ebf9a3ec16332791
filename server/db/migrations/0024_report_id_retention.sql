-- Recorded report ids are kept for a retry window, not forever (docs/decisions/056-scan-ingestion-throughput.md,
-- 'Report ids'): housekeeping deletes those received before it, oldest first, by this index.
CREATE INDEX device_reports_received_at_idx ON device_reports (received_at);
