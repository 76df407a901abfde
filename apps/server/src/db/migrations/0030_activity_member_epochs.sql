CREATE TABLE "activity_member_epochs" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"changes" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_member_epochs" ADD CONSTRAINT "activity_member_epochs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The board's and the members' counters in one function, so a statement writing sessions runs one trigger
-- per transition table, not two. The board's rows first, then the members', keys in order in each: every
-- writer takes them in one order (docs/decisions/0029, 0075).
CREATE FUNCTION "activity_logs_touched"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "activity_board_epochs" AS e ("week", "shard", "changes")
  SELECT date_trunc('week', "started_at" AT TIME ZONE 'UTC')::date, pg_backend_pid() % 64, count(*)
  FROM changed GROUP BY 1 ORDER BY 1
  ON CONFLICT ("week", "shard") DO UPDATE SET "changes" = e."changes" + excluded."changes";
  INSERT INTO "activity_member_epochs" AS m ("user_id", "changes")
  SELECT c."user_id", count(*) FROM changed c
  -- A member being erased takes their sessions and their counter with them: nothing to count for them.
  WHERE EXISTS (SELECT 1 FROM "users" u WHERE u."id" = c."user_id")
  GROUP BY 1 ORDER BY 1
  ON CONFLICT ("user_id") DO UPDATE SET "changes" = m."changes" + excluded."changes";
  -- Every instance evicts those members' kept histories at this commit (a payload holds 8000 bytes at most).
  PERFORM pg_notify('orbit_activity_changed',
    CASE WHEN count(DISTINCT "user_id") > 500 THEN '*' ELSE string_agg(DISTINCT "user_id"::text, ',') END)
  FROM changed HAVING count(*) > 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "activity_board_inserted" ON "activity_logs";--> statement-breakpoint
DROP TRIGGER "activity_board_deleted" ON "activity_logs";--> statement-breakpoint
DROP TRIGGER "activity_board_updated_from" ON "activity_logs";--> statement-breakpoint
DROP TRIGGER "activity_board_updated_to" ON "activity_logs";--> statement-breakpoint
DROP FUNCTION "activity_board_touch"();--> statement-breakpoint
CREATE TRIGGER "activity_logs_inserted" AFTER INSERT ON "activity_logs" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "activity_logs_touched"();--> statement-breakpoint
CREATE TRIGGER "activity_logs_deleted" AFTER DELETE ON "activity_logs" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "activity_logs_touched"();--> statement-breakpoint
CREATE TRIGGER "activity_logs_updated_from" AFTER UPDATE ON "activity_logs" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "activity_logs_touched"();--> statement-breakpoint
CREATE TRIGGER "activity_logs_updated_to" AFTER UPDATE ON "activity_logs" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "activity_logs_touched"();--> statement-breakpoint
-- A history is grouped by the member's days: a change of zone evicts their kept histories too.
CREATE FUNCTION "activity_zone_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('orbit_activity_changed', NEW."id"::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_zone_changed" AFTER UPDATE OF "timezone" ON "users" FOR EACH ROW
  WHEN (OLD."timezone" IS DISTINCT FROM NEW."timezone") EXECUTE FUNCTION "activity_zone_changed"();
