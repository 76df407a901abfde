CREATE TABLE "reminders" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"minute" smallint NOT NULL,
	"days" smallint DEFAULT 127 NOT NULL,
	"next_at" timestamp with time zone,
	"zone" text DEFAULT 'UTC' NOT NULL,
	CONSTRAINT "reminders_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "weekly_goal_minutes" smallint;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminders_due_idx" ON "reminders" USING btree ("next_at") WHERE "reminders"."next_at" IS NOT NULL;