DROP INDEX "comments_post_idx";--> statement-breakpoint
DROP INDEX "posts_community_feed_idx";--> statement-breakpoint
DROP INDEX "posts_user_feed_idx";--> statement-breakpoint
CREATE INDEX "comments_post_idx" ON "comments" USING btree ("post_id","id","urgency");--> statement-breakpoint
CREATE INDEX "posts_community_feed_idx" ON "posts" USING btree ("community_id","id");--> statement-breakpoint
CREATE INDEX "posts_user_feed_idx" ON "posts" USING btree ("owner_user_id","id");