CREATE TABLE "activity_board_epochs" (
	"week" date NOT NULL,
	"shard" smallint NOT NULL,
	"changes" bigint NOT NULL,
	CONSTRAINT "activity_board_epochs_week_shard_pk" PRIMARY KEY("week","shard")
);
--> statement-breakpoint
DROP INDEX "activity_sessions_user_time_idx";--> statement-breakpoint
CREATE INDEX "activity_sessions_user_time_idx" ON "activity_sessions" USING btree ("user_id","started_at","activity_type","session_type","session_kind","duration_ms","app_id");--> statement-breakpoint
-- Every statement that writes sessions bumps the epoch of the UTC weeks it touched, in its own transaction,
-- whoever the writer is (routes, seeds, tests, bulk SQL): docs/decisions/0029. Keys in order, so that two
-- statements lock shared rows in one order; the shard is the backend's, so concurrent writers rarely share one.
CREATE FUNCTION "activity_board_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "activity_board_epochs" AS e ("week", "shard", "changes")
  SELECT date_trunc('week', "started_at" AT TIME ZONE 'UTC')::date, pg_backend_pid() % 64, count(*)
  FROM changed GROUP BY 1 ORDER BY 1
  ON CONFLICT ("week", "shard") DO UPDATE SET "changes" = e."changes" + excluded."changes";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "activity_board_inserted" AFTER INSERT ON "activity_sessions" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "activity_board_touch"();--> statement-breakpoint
CREATE TRIGGER "activity_board_deleted" AFTER DELETE ON "activity_sessions" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "activity_board_touch"();--> statement-breakpoint
CREATE TRIGGER "activity_board_updated_from" AFTER UPDATE ON "activity_sessions" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "activity_board_touch"();--> statement-breakpoint
CREATE TRIGGER "activity_board_updated_to" AFTER UPDATE ON "activity_sessions" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "activity_board_touch"();
