import type {
  ActivityHistoryResponse,
  FeedPost,
  LeaderboardResponse,
  PmListResponse,
  ProfileStar,
  ProfilesResponse,
} from '@orbit/contract';
import type { Config } from './config';
import type { Database, Db, Queryable } from './db/client';
import type { PasswordHasher } from './platform/auth/passwords';
import type { SessionStore } from './platform/auth/sessions';
import type { KeptJson } from './platform/kept-json';
import type { LinkPreviewer } from './platform/linkpreview';
import type { MailContext, MailOutbox } from './platform/mail';
import type { Media } from './platform/media';
import type { Operations } from './platform/ops';
import type { Realtime } from './platform/realtime';
import type { StreamsAt } from './platform/realtime/history';
import type { Storage } from './platform/storage';
import type { UnitOfWorkDeps, Work } from './platform/tx';

/** A kept read served with no statement while heard. */
export interface HeardServing {
  /** Whether kept answers are served with no statement: all they read is heard (decisions 0076 to 0078). */
  readonly serving: boolean;
}

/**
 * Computed homes served again while nothing reached the member: the home module's HomeCache, built in
 * wiring.ts. Declared here, not imported from the module, so that this file stays below every module.
 */
export interface HomeReads extends HeardServing {
  read(
    userId: number,
    compute: () => Promise<{ home: ProfilesResponse; streams: StreamsAt }>,
  ): Promise<ProfilesResponse>;
  /** The star sets served, written behind the homes that served them (decision 0094). */
  readonly served: ServedStarSets;
}

/** A home's star set as served: the set, its JSON as digested, the digest, and when. */
export interface ServedStarSet {
  stars: ProfileStar[];
  json: string;
  digest: string;
  servedAt: Date;
}

export interface ServedStarSets {
  /** The set this instance last served the member, while it waits to be written. */
  unwritten(owner: number): ServedStarSet | undefined;
  keep(owner: number, set: ServedStarSet): void;
}

/** A history as computed, with what it was computed from: the owner's sessions' counter and zone. */
export interface KeptHistory {
  epoch: string;
  zone: string;
  answer: ActivityHistoryResponse;
}

/**
 * Histories served again while their owner's sessions and zone stand still: the activities module's
 * HistoryCache (decision 0075), built in wiring.ts. Declared here, not imported from the module, so that this
 * file stays below every module.
 */
export interface HistoryReads {
  read(ownerId: number, key: string, compute: () => Promise<KeptHistory>): Promise<KeptHistory>;
  /** After a commit that changed these members' sessions or zone: their kept histories go at once. */
  forget(ownerIds: number[]): void;
}

/** The global leaderboard as a caller sees it, with what it was read from (decision 0077). */
export interface KeptLeaderboard {
  answer: LeaderboardResponse;
  zone: string;
  /** The first day of the answer's week in `zone`. */
  from: string;
  /** The caller's personal stream where it stood, read with the board. */
  streams: StreamsAt;
}

/** Kept global leaderboards: the activities module's LeaderboardCache (decision 0077), built in wiring.ts. */
export interface LeaderboardReads extends HeardServing {
  read(callerId: number, now: Date, compute: () => Promise<KeptLeaderboard>): Promise<LeaderboardResponse>;
  /** After a commit that changed sessions or a zone: every kept board goes at once. */
  forget(): void;
}

/** A thread's newest page as read, with where the reader's personal stream stood (decision 0079). */
export interface KeptThreadPage {
  answer: PmListResponse;
  streams: StreamsAt;
}

/**
 * Kept newest pages of threads: the messages module's ThreadPageCache (decision 0079), built in wiring.ts.
 * Declared here, not imported from the module, so that this file stays below every module.
 */
export interface ThreadPageReads extends HeardServing {
  read(viewerId: number, groupId: number, compute: () => Promise<KeptThreadPage>): Promise<PmListResponse>;
}

/** A community feed page as the route answers it, handed to the route's serialiser. */
export interface CommunityFeedPage {
  community_feeds: FeedPost[];
  older_key: string | null;
  newer_key: string | null;
}

/**
 * Community first pages kept while their channel and faces stand still: the feeds module's
 * CommunityPageCache (decisions 0031 and 0078), built in wiring.ts. Declared here, not imported from the
 * module, so that this file stays below every module; null when the caller's page cannot be cut from the kept
 * window.
 */
export interface FeedPageReads extends HeardServing {
  read(
    viewerId: number,
    communityId: number,
    serialize: (page: CommunityFeedPage) => string,
  ): Promise<KeptJson | null>;
}

/** What a push worker reports of one pass. */
export interface PushPass {
  sent: number;
  retried: number;
  dropped: number;
}

/**
 * The push outbox's worker: the push module's PushOutbox, built in wiring.ts. Declared here, not imported from
 * the module, so that this file stays below every module. Units of work that queue pushes wake it themselves.
 */
export interface PushDelivery {
  start(): void;
  stop(): Promise<void>;
  /** One pass over the pushes due at `now` (tests call it with a clock of their own). */
  deliverDue(now?: number): Promise<PushPass>;
}

/** A member whom a signed-in member registered (the add-member form), in the registration's transaction. */
export interface AddedMember {
  userId: number;
  email: string;
  username: string;
  /** The adding request's origin and language, for the mail's link and words. */
  context: MailContext;
}

/**
 * The domain hooks: what a module announces and a module higher in the layers acts on (decision 0033), each
 * given its listener in one place, wiring.ts (decision 0060). Declared here with shapes of their own, so
 * that this file stays below every module and neither side imports the other.
 */
export interface DomainHooks {
  /** Members newly @tagged in a post or a comment, in its unit of work (the feeds module announces). */
  membersTagged(
    work: Work,
    post: { id: number; communityId: number | null },
    memberIds: number[],
  ): Promise<void>;
  /** A member someone added, in the registration's transaction (the auth module announces). */
  memberAdded(tx: Queryable, member: AddedMember): Promise<void>;
  /** After a successful sign-in, the session existing (the auth module announces). */
  signedIn(db: Queryable, userId: number): Promise<void>;
}

/** Everything a module needs, built once in main.ts (or by the test harness) and passed down. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  realtime: Realtime;
  storage: Storage;
  hasher: PasswordHasher;
  sessions: SessionStore;
  media: Media;
  /** Link previews behind the SSRF guard; tests inject one that may reach a local page. */
  linkPreview: LinkPreviewer;
  /** This instance's computed homes (GET /user/profiles), checked against the event streams at each read. */
  homes: HomeReads;
  /** This instance's computed histories (GET /user/activity/history), checked against their owner's sessions. */
  histories: HistoryReads;
  /** This instance's kept global leaderboards (GET /user/community/leaderboard?global=true), heard only. */
  leaderboards: LeaderboardReads;
  /** This instance's community feed windows and first pages, checked against the channel at each read. */
  feedPages: FeedPageReads;
  /** This instance's kept newest thread pages (GET /pms/list/{group_id}), heard only. */
  threadPages: ThreadPageReads;
  /** The mail outbox's worker (queue with `queueMail` in a transaction, then `kick()` after its commit). */
  mail: MailOutbox;
  /** The push outbox's worker (decision 0053): started by main.ts; a test app sends when its test asks. */
  push: PushDelivery;
  /**
   * The time as the reminders and the weekly goal read it (decision 0054): the wall clock, unless a test sets
   * its own. Nothing else reads it yet.
   */
  clock: () => Date;
  /** Readiness and metrics (decision 0055): GET /api/ready and /api/metrics read them, the drain sets them. */
  ops: Operations;
  /** What one module announces and another acts on, wired in wiring.ts. */
  hooks: DomainHooks;
}

/**
 * The unit of work of a module's writes: the app's database, and its realtime hub publishing after commit.
 * `actor` is the member whose request it is, where its events reach others: none reaches a member who blocked
 * them (docs/decisions/0046). It is passed, not read from an AsyncLocalStorage: on Node 20 one such store costs
 * every request's promises (the bench's floor fell from 4212 to 3031 req/s).
 */
export const unitOfWork = (deps: Pick<AppDeps, 'db' | 'realtime'>, actor?: number): UnitOfWorkDeps => ({
  db: deps.db,
  publisher: deps.realtime,
  actor,
});
