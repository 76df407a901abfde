CREATE TABLE "chat_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"instructor_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"state" smallint NOT NULL,
	"requests_enabled" boolean DEFAULT true NOT NULL,
	"video_room_id" bigint NOT NULL,
	"video_secret" text NOT NULL,
	"video_pin" text NOT NULL,
	"audio_room_id" bigint NOT NULL,
	"audio_secret" text NOT NULL,
	"audio_pin" text NOT NULL,
	"recording_dir" text,
	"media_key" text,
	"processing_started_at" timestamp with time zone,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_session_viewers" (
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"mic" smallint DEFAULT 0 NOT NULL,
	"requested_at" timestamp with time zone,
	"kicked" boolean DEFAULT false NOT NULL,
	CONSTRAINT "chat_session_viewers_session_id_user_id_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_session_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"identity_type" smallint NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_instructor_id_users_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_session_viewers" ADD CONSTRAINT "chat_session_viewers_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_session_viewers" ADD CONSTRAINT "chat_session_viewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_session_posts" ADD CONSTRAINT "chat_session_posts_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_session_posts" ADD CONSTRAINT "chat_session_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_sessions_community_idx" ON "chat_sessions" USING btree ("community_id","start_time");--> statement-breakpoint
CREATE INDEX "chat_sessions_state_idx" ON "chat_sessions" USING btree ("state");--> statement-breakpoint
CREATE INDEX "chat_session_posts_session_idx" ON "chat_session_posts" USING btree ("session_id","id");
