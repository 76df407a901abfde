CREATE TABLE "activity_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"activity_type" integer NOT NULL,
	"session_type" integer NOT NULL,
	"session_kind" integer DEFAULT 0 NOT NULL,
	"app_id" integer,
	"external_id" text,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"calories" integer DEFAULT 0 NOT NULL,
	"steps" integer DEFAULT 0 NOT NULL,
	"distance_m" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_sessions" ADD CONSTRAINT "activity_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_sessions_user_time_idx" ON "activity_sessions" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "activity_sessions_time_idx" ON "activity_sessions" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_sessions_external_idx" ON "activity_sessions" USING btree ("user_id","app_id","external_id") WHERE "activity_sessions"."external_id" IS NOT NULL;