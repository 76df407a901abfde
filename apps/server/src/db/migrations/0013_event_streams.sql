CREATE TABLE "channel_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"type" text NOT NULL,
	"subtype" text,
	"groups" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "event_streams" (
	"stream" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_events" ADD CONSTRAINT "channel_events_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_events_channel_seq_idx" ON "channel_events" USING btree ("community_id","seq");--> statement-breakpoint
CREATE INDEX "channel_events_unpublished_idx" ON "channel_events" USING btree ("id") WHERE published_at IS NULL;--> statement-breakpoint
CREATE INDEX "channel_events_created_idx" ON "channel_events" USING btree ("created_at");--> statement-breakpoint
-- Members keep their sequence: a socket resuming across this migration continues where it was.
INSERT INTO "event_streams" ("stream", "seq") SELECT 'u:' || "id", "event_seq" FROM "users" WHERE "event_seq" > 0;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "event_seq";