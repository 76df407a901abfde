-- Who may read a community changed with no event on any stream (its access type, written only outside the API),
-- or the community is gone: every instance drops the feed pages' kept readers (docs/decisions/0078).
CREATE FUNCTION "community_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('orbit_communities_changed', OLD."id"::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "communities_access_changed" AFTER UPDATE OF "access_type" ON "communities" FOR EACH ROW
  WHEN (OLD."access_type" IS DISTINCT FROM NEW."access_type") EXECUTE FUNCTION "community_changed"();--> statement-breakpoint
CREATE TRIGGER "communities_gone" AFTER DELETE ON "communities" FOR EACH ROW EXECUTE FUNCTION "community_changed"();
