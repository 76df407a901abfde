-- The group threads, a few among the one-to-one ones: a member's group stars read them here. With a bound `true`
-- the home statement scanned every thread (0.13 to 0.19 ms of it on the soak's 2500 threads).
CREATE INDEX "message_groups_group_idx" ON "message_groups" USING btree ("id") WHERE is_group;