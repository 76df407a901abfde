import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { communities } from './communities';
import { users } from './identity';

/**
 * A lesson, the spec's live instructor session (GojiWise, docs/product/calls-and-lessons.md#lesson-states Chat session): hosted by an expert of its
 * community, with a Janus video room (the host's camera) and audio bridge (host plus granted viewers), both
 * recorded. The rooms' secrets never leave the server; their pins are handed to members (docs/decisions/0020).
 * `state` follows SessionState: RUNNING, then ENDED, PROCESSING, and REPLAYREADY or PROCESSING_FAILED.
 */
export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    instructorId: integer('instructor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    state: smallint('state').notNull(),
    /** Q&A: viewers may request the mic. */
    requestsEnabled: boolean('requests_enabled').notNull().default(true),
    /** The gateway of the pool both rooms are on: janus_server_name (0027). */
    janusGateway: text('janus_gateway').notNull(),
    videoRoomId: bigint('video_room_id', { mode: 'number' }).notNull(),
    videoSecret: text('video_secret').notNull(),
    videoPin: text('video_pin').notNull(),
    audioRoomId: bigint('audio_room_id', { mode: 'number' }).notNull(),
    audioSecret: text('audio_secret').notNull(),
    audioPin: text('audio_pin').notNull(),
    /** Where Janus writes this lesson's recordings (null when the media server records nowhere we read). */
    recordingDir: text('recording_dir'),
    /** The processed mp4 in storage, once REPLAYREADY. */
    mediaKey: text('media_key'),
    /** When a processor claimed the recording: a claim older than the lease is taken over after a crash. */
    processingStartedAt: timestamp('processing_started_at', { withTimezone: true, mode: 'date' }),
    startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('lessons_community_idx').on(t.communityId, t.startTime),
    index('lessons_state_idx').on(t.state),
  ],
);

/** A viewer's standing in one lesson: mic request queue position, grant, and whether the host kicked them. */
export const lessonViewers = pgTable(
  'lesson_viewers',
  {
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SessionMicState: none, requested, granted. */
    mic: smallint('mic').notNull().default(0),
    /** Orders the grant queue ("Next:", "2nd:"). */
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }),
    kicked: boolean('kicked').notNull().default(false),
    /** In the room now: entering (GET /gojitalk/{id}) sets it, leaving clears it; only they hear its CHAT. */
    present: boolean('present').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.userId] })],
);

/** The lesson chat room's posts (POSTS page), up to 65536 characters each. */
export const lessonPosts = pgTable(
  'lesson_posts',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    identityType: smallint('identity_type').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('lesson_posts_lesson_idx').on(t.lessonId, t.id)],
);
