ALTER TABLE "attachments" ADD COLUMN "message_id" integer;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_message_idx" ON "attachments" USING btree ("message_id");--> statement-breakpoint
DROP INDEX "messages_group_idx";--> statement-breakpoint
DROP INDEX "moments_producer_idx";--> statement-breakpoint
DROP INDEX "notifications_user_idx";--> statement-breakpoint
CREATE INDEX "messages_group_idx" ON "messages" USING btree ("group_id","id");--> statement-breakpoint
CREATE INDEX "moments_producer_idx" ON "moments" USING btree ("producer_id","id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");
