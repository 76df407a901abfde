CREATE TABLE "activity_session_posts" (
	"session_id" bigint PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_session_posts" ADD CONSTRAINT "activity_session_posts_session_id_activity_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."activity_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_session_posts" ADD CONSTRAINT "activity_session_posts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_session_posts_post_idx" ON "activity_session_posts" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "activity_sessions_board_idx" ON "activity_sessions" USING btree ("started_at","user_id","duration_ms");
