-- The event logs' statistics from a sample of 3000 rows, not 30000 (decision 0089): ANALYZE holds its whole
-- sample in memory, and on the embedded database that memory is the WebAssembly heap, which never shrinks.
-- Every read of these tables goes by an index (a member's or a community's sequence, the age of a row); no
-- statement filters on the payloads, so they keep no statistics at all.
ALTER TABLE "events"
  ALTER COLUMN "id" SET STATISTICS 10, ALTER COLUMN "recipient_id" SET STATISTICS 10,
  ALTER COLUMN "seq" SET STATISTICS 10, ALTER COLUMN "type" SET STATISTICS 10,
  ALTER COLUMN "subtype" SET STATISTICS 10, ALTER COLUMN "created_at" SET STATISTICS 10,
  ALTER COLUMN "data" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "channel_events"
  ALTER COLUMN "id" SET STATISTICS 10, ALTER COLUMN "community_id" SET STATISTICS 10,
  ALTER COLUMN "seq" SET STATISTICS 10, ALTER COLUMN "type" SET STATISTICS 10,
  ALTER COLUMN "subtype" SET STATISTICS 10, ALTER COLUMN "created_at" SET STATISTICS 10,
  ALTER COLUMN "groups" SET STATISTICS 0;
