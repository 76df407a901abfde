-- Names that say one thing (docs/decisions/0037): "sessions" is sign-in sessions only. Live instructor
-- sessions become lessons, activity sessions activity logs. Renames only: no row is rewritten, no index rebuilt.
ALTER TABLE "chat_sessions" RENAME TO "lessons";--> statement-breakpoint
ALTER TABLE "chat_session_viewers" RENAME TO "lesson_viewers";--> statement-breakpoint
ALTER TABLE "chat_session_posts" RENAME TO "lesson_posts";--> statement-breakpoint
ALTER TABLE "lesson_viewers" RENAME COLUMN "session_id" TO "lesson_id";--> statement-breakpoint
ALTER TABLE "lesson_posts" RENAME COLUMN "session_id" TO "lesson_id";--> statement-breakpoint
ALTER SEQUENCE "chat_sessions_id_seq" RENAME TO "lessons_id_seq";--> statement-breakpoint
ALTER SEQUENCE "chat_session_posts_id_seq" RENAME TO "lesson_posts_id_seq";--> statement-breakpoint
ALTER TABLE "lessons" RENAME CONSTRAINT "chat_sessions_pkey" TO "lessons_pkey";--> statement-breakpoint
ALTER TABLE "lessons" RENAME CONSTRAINT "chat_sessions_community_id_communities_id_fk" TO "lessons_community_id_communities_id_fk";--> statement-breakpoint
ALTER TABLE "lessons" RENAME CONSTRAINT "chat_sessions_instructor_id_users_id_fk" TO "lessons_instructor_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "lesson_viewers" RENAME CONSTRAINT "chat_session_viewers_session_id_user_id_pk" TO "lesson_viewers_lesson_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "lesson_viewers" RENAME CONSTRAINT "chat_session_viewers_session_id_chat_sessions_id_fk" TO "lesson_viewers_lesson_id_lessons_id_fk";--> statement-breakpoint
ALTER TABLE "lesson_viewers" RENAME CONSTRAINT "chat_session_viewers_user_id_users_id_fk" TO "lesson_viewers_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "lesson_posts" RENAME CONSTRAINT "chat_session_posts_pkey" TO "lesson_posts_pkey";--> statement-breakpoint
ALTER TABLE "lesson_posts" RENAME CONSTRAINT "chat_session_posts_session_id_chat_sessions_id_fk" TO "lesson_posts_lesson_id_lessons_id_fk";--> statement-breakpoint
ALTER TABLE "lesson_posts" RENAME CONSTRAINT "chat_session_posts_author_id_users_id_fk" TO "lesson_posts_author_id_users_id_fk";--> statement-breakpoint
ALTER INDEX "chat_sessions_community_idx" RENAME TO "lessons_community_idx";--> statement-breakpoint
ALTER INDEX "chat_sessions_state_idx" RENAME TO "lessons_state_idx";--> statement-breakpoint
ALTER INDEX "chat_session_posts_session_idx" RENAME TO "lesson_posts_lesson_idx";--> statement-breakpoint
ALTER TABLE "activity_sessions" RENAME TO "activity_logs";--> statement-breakpoint
ALTER TABLE "activity_session_posts" RENAME TO "activity_log_posts";--> statement-breakpoint
ALTER TABLE "activity_log_posts" RENAME COLUMN "session_id" TO "activity_log_id";--> statement-breakpoint
ALTER SEQUENCE "activity_sessions_id_seq" RENAME TO "activity_logs_id_seq";--> statement-breakpoint
ALTER TABLE "activity_logs" RENAME CONSTRAINT "activity_sessions_pkey" TO "activity_logs_pkey";--> statement-breakpoint
ALTER TABLE "activity_logs" RENAME CONSTRAINT "activity_sessions_user_id_users_id_fk" TO "activity_logs_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "activity_log_posts" RENAME CONSTRAINT "activity_session_posts_pkey" TO "activity_log_posts_pkey";--> statement-breakpoint
ALTER TABLE "activity_log_posts" RENAME CONSTRAINT "activity_session_posts_session_id_activity_sessions_id_fk" TO "activity_log_posts_activity_log_id_activity_logs_id_fk";--> statement-breakpoint
ALTER TABLE "activity_log_posts" RENAME CONSTRAINT "activity_session_posts_post_id_posts_id_fk" TO "activity_log_posts_post_id_posts_id_fk";--> statement-breakpoint
ALTER INDEX "activity_session_posts_post_idx" RENAME TO "activity_log_posts_post_idx";--> statement-breakpoint
ALTER INDEX "activity_sessions_user_time_idx" RENAME TO "activity_logs_user_time_idx";--> statement-breakpoint
ALTER INDEX "activity_sessions_time_idx" RENAME TO "activity_logs_time_idx";--> statement-breakpoint
ALTER INDEX "activity_sessions_board_idx" RENAME TO "activity_logs_board_idx";--> statement-breakpoint
ALTER INDEX "activity_sessions_external_idx" RENAME TO "activity_logs_external_idx";