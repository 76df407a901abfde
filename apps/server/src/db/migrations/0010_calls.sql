CREATE TABLE "calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"caller_id" integer NOT NULL,
	"community_id" integer,
	"call_group_id" integer,
	"janus_room_id" bigint NOT NULL,
	"room_secret" text NOT NULL,
	"room_pin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "call_members" (
	"call_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"state" smallint NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"video" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_members_call_id_user_id_pk" PRIMARY KEY("call_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_caller_id_users_id_fk" FOREIGN KEY ("caller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_call_group_id_message_groups_id_fk" FOREIGN KEY ("call_group_id") REFERENCES "public"."message_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_members" ADD CONSTRAINT "call_members_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_members" ADD CONSTRAINT "call_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calls_live_community_idx" ON "calls" USING btree ("community_id") WHERE "calls"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "call_members_user_idx" ON "call_members" USING btree ("user_id","state");
