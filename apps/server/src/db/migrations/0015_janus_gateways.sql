-- Rows from before the pool lived on the one gateway, whose janus_server_name was 'orbit' (docs/decisions/0027).
ALTER TABLE "calls" ADD COLUMN "janus_gateway" text DEFAULT 'orbit' NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ALTER COLUMN "janus_gateway" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "janus_gateway" text DEFAULT 'orbit' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_sessions" ALTER COLUMN "janus_gateway" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "calls_live_gateway_idx" ON "calls" USING btree ("janus_gateway") WHERE "calls"."ended_at" is null;
