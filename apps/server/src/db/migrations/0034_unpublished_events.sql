-- The events not yet on the bus move from a published_at column (a mark rewrote the whole event row and its
-- index entries) to tables of their ids, written with the events and deleted by the mark (decision 0087).
CREATE TABLE "unpublished_channel_events" (
	"event_id" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unpublished_events" (
	"event_id" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
INSERT INTO "unpublished_channel_events" ("event_id") SELECT "id" FROM "channel_events" WHERE "published_at" IS NULL;--> statement-breakpoint
INSERT INTO "unpublished_events" ("event_id") SELECT "id" FROM "events" WHERE "published_at" IS NULL;--> statement-breakpoint
DROP INDEX "channel_events_unpublished_idx";--> statement-breakpoint
DROP INDEX "events_unpublished_idx";--> statement-breakpoint
ALTER TABLE "channel_events" DROP COLUMN "published_at";--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "published_at";
