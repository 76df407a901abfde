ALTER TABLE "users" ADD COLUMN "quiet_start" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "quiet_end" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "quiet_digest_through" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "wellbeing_mode" boolean DEFAULT false NOT NULL;