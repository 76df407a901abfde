ALTER TABLE "users" ADD COLUMN "user_identity" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_identity_provider_idx" ON "users" USING btree ("identity_provider","user_identity");