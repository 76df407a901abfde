CREATE TABLE "tournament_entries" (
	"season_year" smallint NOT NULL,
	"community_id" integer NOT NULL,
	"seed" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_entries_season_year_community_id_pk" PRIMARY KEY("season_year","community_id")
);
--> statement-breakpoint
CREATE TABLE "tournament_high_fives" (
	"season_year" smallint NOT NULL,
	"to_user_id" integer NOT NULL,
	"from_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_high_fives_season_year_to_user_id_from_user_id_pk" PRIMARY KEY("season_year","to_user_id","from_user_id")
);
--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD CONSTRAINT "tournament_entries_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_high_fives" ADD CONSTRAINT "tournament_high_fives_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_high_fives" ADD CONSTRAINT "tournament_high_fives_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_entries_seed_idx" ON "tournament_entries" USING btree ("season_year","seed");--> statement-breakpoint
CREATE INDEX "tournament_high_fives_from_idx" ON "tournament_high_fives" USING btree ("from_user_id");
