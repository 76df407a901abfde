-- What a member shows beside a ranking (their names, pictures and privacy) and how they read the others
-- (wellbeing mode) changed, or the member is gone: every instance drops the answers it kept with their face
-- (docs/decisions/0077). Such changes are rare, so notifying at each does not hold the crowd's commits.
CREATE FUNCTION "faces_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('orbit_faces_changed', OLD."id"::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_face_changed" AFTER UPDATE OF "username", "alias", "first_name", "last_name",
  "avatar_image", "persona_type", "persona_value", "privacy_setting", "wellbeing_mode" ON "users" FOR EACH ROW
  WHEN ((OLD."username", OLD."alias", OLD."first_name", OLD."last_name", OLD."avatar_image", OLD."persona_type",
    OLD."persona_value", OLD."privacy_setting", OLD."wellbeing_mode") IS DISTINCT FROM (NEW."username",
    NEW."alias", NEW."first_name", NEW."last_name", NEW."avatar_image", NEW."persona_type", NEW."persona_value",
    NEW."privacy_setting", NEW."wellbeing_mode"))
  EXECUTE FUNCTION "faces_changed"();--> statement-breakpoint
CREATE TRIGGER "users_face_gone" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "faces_changed"();
