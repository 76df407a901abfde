import { LIMITS, PostPrivacy, PostType, UnitPreference } from '@orbit/contract';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import type { CommunityFeedPage, FeedPageReads } from '../../deps';
import { notFound } from '../../platform/errors';
import { KeptJson } from '../../platform/kept-json';
import type { KeptReadCounts } from '../../platform/ops';
import { HeardReader, HeardReads, UNHEARD } from '../../platform/realtime/heard-reads';
import type { HeardMark } from '../../platform/realtime/heard-streams';
import type { StreamsAt } from '../../platform/realtime/history';
import { SharedReads } from '../../platform/shared-reads';
import { assertReadable, COMMUNITIES_CHANGED_CHANNEL } from '../communities';
import { FACES_CHANGED_CHANNEL } from '../faces';
import { addReaction, loadBundles, type PostBundle, type Reactions, shownIds } from './loader';
import { olderKeyOf } from './page';
import { checkPage, type PageCheck, pageWindow, WINDOW_MAX, type WindowReach } from './page-statements';
import { type PostRow, seesPrivate } from './policy';
import { presentPost, type Viewer } from './presenter';
import { privateMemberIds } from './viewers';

/** Communities whose window is kept per instance, the least recently read going first. */
const KEPT_COMMUNITIES = 1000;
/**
 * A window is read again after this even when nothing moved: the bound on how long a change that no event
 * announces could stay unseen (bulk SQL; a post deleted in a public community that has no members left, whose
 * DELETE has no recipient and so writes no channel event).
 */
const WINDOW_TTL_MS = 60_000;
/** The pages kept as JSON, all communities and readers together, in characters. */
const KEPT_PAGE_CHARS = 32 * 1024 * 1024;
/** Readers whose own part of a page (decision 0078) is kept, the least recently read going first. */
const KEPT_READERS = 20_000;
/** What no event or notification announces (a friendship written by bulk SQL) shows within this. */
const READER_MS = 15_000;

export type PageSerializer = (page: CommunityFeedPage) => string;

/** A community's window as read once, with what says whether it is still the truth. */
interface Window extends WindowReach {
  /** Numbers this window's pages among the kept JSON: a window read again starts afresh. */
  generation: number;
  /** The keys of this window's pages among the kept JSON: they go with it (decision 0070). */
  pageKeys: string[];
  /** The channel's position read before the window: a change committed since has moved it. */
  position: string;
  /** The digest of the faces presented, read with them. */
  faces: string;
  /** The first poll expiry after the window was read: past it, `expired` changes, so it is read again. */
  until: number;
  rows: PostRow[];
  bundles: Map<number, PostBundle>;
  /** The window holds the whole feed: a reader who sees fewer posts than a page has no older page. */
  complete: boolean;
  hasActivity: boolean;
  /** Each voter's answers in the window's polls, as a key: the page shows the reader's own (my_answer). */
  votesBy: Map<number, string>;
  /** The hearing this window is known current under, with no check (decision 0078), or UNHEARD. */
  heardIn: number;
  /** The channel where a check found the window true. */
  streams: StreamsAt;
}

/** A reader's own part of the page, as a check read it for one window, kept while heard (decision 0078). */
interface KeptReader {
  generation: number;
  check: ReaderCheck;
  /** The channel and the reader's personal stream, where the check read them. */
  streams: StreamsAt;
  heardIn: number;
}

const EMPTY_REACH: WindowReach = { ids: [], shown: [], privateShown: [] };

/**
 * A community's first feed page (GET /community/feeds without a key or filter), read once per change
 * (docs/decisions/0031). The window of posts and what they show (counts, totals, votes, files, faces) is
 * kept per community, and each distinct reader's page as its JSON, keyed by what differs between readers:
 * their role, their own posts, reactions, votes, friends among private members, unit and wellbeing mode.
 * Every call reads,
 * in one statement, whether the caller may read the community now, the community channel's position (every
 * post, comment, reaction, vote, edit and deletion there is an event on it, decision 0004) and the digest of
 * the faces shown (a member's name, picture or privacy changes with no event on the channel): a kept window
 * is served only while both stand where they stood when it was read, and before its first poll expiry. The
 * check reads the database, so a change committed through any instance is seen by all at once.
 */
export class CommunityPageCache extends HeardReader<string> implements FeedPageReads {
  /**
   * A window replaced, expired or evicted takes its pages with it: no reader can be served them again (their
   * keys hold its generation), and under a busy community's posts and comments they would otherwise fill the
   * pages' whole budget before the least recent went.
   */
  private readonly windows = new LRUCache<number, Window>({
    max: KEPT_COMMUNITIES,
    ttl: WINDOW_TTL_MS,
    dispose: (window, communityId) => {
      for (const key of window.pageKeys) this.pages.delete(key);
      this.heard.release(windowKey(communityId), window.streams);
    },
  });
  private readonly pages = new LRUCache<string, KeptJson>({
    maxSize: KEPT_PAGE_CHARS,
    // Its gzipped copy, made once it is read again, adds about a tenth.
    sizeCalculation: (page, key) => page.json.length + key.length,
  });
  private readonly readers = new LRUCache<string, KeptReader>({
    max: KEPT_READERS,
    ttl: READER_MS,
    dispose: (reader, key) => this.heard.release(key, reader.streams),
  });
  protected readonly heard = new HeardReads<string>({
    name: 'kept feed pages',
    channels: [FACES_CHANGED_CHANNEL, COMMUNITIES_CHANGED_CHANNEL],
    evict: (key) => this.unhear(key),
    forgot: () => this.readers.clear(),
  });
  /** A community's window is read once for all the readers who found the kept one stale at the same time. */
  private readonly windowReads = new SharedReads<number, Window>();
  private generation = 0;
  /** Hits are pages served with no statement; misses, every read that checked. */
  readonly counts: KeptReadCounts = { hits: 0, misses: 0 };
  /** Windows read from the database, every community's together. */
  windowsRead = 0;

  constructor(private readonly db: Db) {
    super();
  }

  /** The page as JSON, or null when the caller sees more private posts than a window holds (read uncached). */
  async read(viewerId: number, communityId: number, serialize: PageSerializer): Promise<KeptJson | null> {
    const kept = this.windows.get(communityId);
    const reader = kept && this.keptReader(kept, communityId, viewerId);
    if (kept && reader) {
      this.counts.hits += 1;
      return this.pageOf(communityId, kept, viewerId, reader.check, serialize);
    }
    this.counts.misses += 1;
    const { window, check } = await this.checked(communityId, viewerId, kept);
    return window ? this.pageOf(communityId, window, viewerId, check, serialize) : null;
  }

  /** The pages kept as JSON, every community's together (a test's view of what is held). */
  keptPages(): number {
    return this.pages.size;
  }

  /** The reader's part kept for this window, when both are heard current: the page needs no statement. */
  private keptReader(window: Window, communityId: number, viewerId: number) {
    if (!this.heard.current(window.heardIn) || Date.now() >= window.until) return undefined;
    const reader = this.readers.get(readerKeyOf(communityId, viewerId));
    if (!reader || reader.generation !== window.generation) return undefined;
    return this.heard.current(reader.heardIn) ? reader : undefined;
  }

  /**
   * The check, and the window it found true (read again when it found none). A member who blocked someone reads
   * their own page, without those members' posts (decision 0046): no window.
   */
  private async checked(communityId: number, viewerId: number, kept: Window | undefined) {
    let mark = this.heard.mark();
    let check = await this.check(communityId, viewerId, kept ?? EMPTY_REACH);
    if (check.blocks) return { window: undefined, check };
    let window = kept;
    if (!window || !stillTrue(window, check)) {
      window = await this.windowReads.read(communityId, check.position, (position) =>
        this.readWindow(communityId, position),
      );
      this.keep(communityId, window);
      // The caller's reactions and friends were read for the kept window's posts and members; and a window
      // shared with readers who checked later stands past this caller's check, which then could not hear it.
      if (!kept || !sameReach(kept, window) || check.position !== window.position) {
        mark = this.heard.mark();
        check = await this.check(communityId, viewerId, window);
      }
    }
    this.hearFrom(mark, communityId, viewerId, window, check);
    return { window, check };
  }

  /**
   * What the check's snapshot shows is heard from there on: the window, if it is the kept one and the check
   * found it true, and the reader's own part of it. An event past either's streams, or a notification,
   * makes it unknown again.
   */
  private hearFrom(
    mark: HeardMark,
    communityId: number,
    viewerId: number,
    window: Window,
    check: ReaderCheck,
  ) {
    if (this.windows.peek(communityId) !== window || !stillTrue(window, check)) return;
    const windowHeard = this.heard.heardIn(mark, check.streams.window);
    if (windowHeard === UNHEARD) return;
    window.heardIn = windowHeard;
    window.streams = check.streams.window;
    this.heard.hold(windowKey(communityId), window.streams);
    const readerHeard = this.heard.heardIn(mark, check.streams.reader);
    if (readerHeard === UNHEARD) return;
    const key = readerKeyOf(communityId, viewerId);
    const reader = {
      generation: window.generation,
      check,
      streams: check.streams.reader,
      heardIn: readerHeard,
    };
    this.readers.set(key, reader);
    if (this.readers.peek(key) === reader) this.heard.hold(key, reader.streams);
  }

  /** A stream moved past where a kept part read it: the window is checked again, the reader's part read. */
  private unhear(key: string): void {
    if (!key.startsWith(WINDOW)) {
      this.readers.delete(key);
      return;
    }
    const window = this.windows.peek(Number(key.slice(WINDOW.length)));
    if (window) window.heardIn = UNHEARD;
  }

  /** The reader's page of `window`, its JSON kept for every reader with the same key while the window is. */
  private pageOf(
    communityId: number,
    window: Window,
    viewerId: number,
    check: ReaderCheck,
    serialize: PageSerializer,
  ): KeptJson | null {
    const page = pageFor(window, viewerId);
    if (!page) return null;
    const key = readerKey(window, viewerId, check);
    let json = this.pages.get(key);
    if (json === undefined) {
      json = new KeptJson(serialize(presentPage(window, page, viewerId, check)));
      // A window another read replaced meanwhile has already taken its pages: this one is not kept.
      if (this.windows.peek(communityId) === window) {
        this.pages.set(key, json);
        window.pageKeys.push(key);
      }
    }
    return json;
  }

  private async check(communityId: number, viewerId: number, reach: WindowReach): Promise<ReaderCheck> {
    const check = await checkPage(this.db, communityId, viewerId, reach);
    // No such community, or a private one the caller is not in: the same 404 as every community read.
    if (!check) throw notFound('No such community');
    return { ...check, expert: assertReadable(check.accessType, check.role).isExpert };
  }

  /** Reads the window after `position` was read, so that a change committed meanwhile moves it past this. */
  private async readWindow(communityId: number, position: string): Promise<Window> {
    this.windowsRead += 1;
    const { rows, stats, faces: shownFaces, digest: faces } = await pageWindow(this.db, communityId);
    const bundles = await loadBundles(
      this.db,
      rows,
      async () => new Map(shownFaces.map((face) => [face.id, face])),
      async () => stats,
    );
    const publicCount = rows.filter((post) => post.privacy === PostPrivacy.PUBLIC).length;
    const shown = [...new Set(rows.flatMap(shownIds))].sort((a, b) => a - b);
    const privateIds = new Set(privateMemberIds(bundles.flatMap(facesOf)));
    this.generation += 1;
    return {
      generation: this.generation,
      pageKeys: [],
      position,
      faces,
      until: firstExpiry(rows, Date.now()),
      rows,
      bundles: new Map(bundles.map((b) => [b.post.id, b])),
      complete: rows.length < WINDOW_MAX && publicCount <= LIMITS.feedPageSize,
      hasActivity: rows.some((post) => post.activity !== null),
      votesBy: votesByMember(bundles),
      ids: rows.map((post) => post.id),
      heardIn: UNHEARD,
      streams: [],
      shown,
      privateShown: shown.filter((id) => privateIds.has(id)),
    };
  }

  /** A window read under an older position than the kept one (a slower concurrent read) does not replace it. */
  private keep(communityId: number, window: Window) {
    const kept = this.windows.get(communityId);
    if (!kept || Number(kept.position) <= Number(window.position)) this.windows.set(communityId, window);
  }
}

type ReaderCheck = PageCheck & { expert: boolean };

/** The keys of what is heard: a community's window, and a reader's part of it. */
const WINDOW = 'w';
const windowKey = (communityId: number) => `${WINDOW}${communityId}`;
const readerKeyOf = (communityId: number, viewerId: number) => `r${communityId}:${viewerId}`;

const facesOf = (b: PostBundle) => (b.target ? [b.author, b.target] : [b.author]);

/** Nothing the window shows changed since it was read, and no poll in it expired. */
const stillTrue = (window: Window, check: PageCheck) =>
  check.position === window.position && check.faces === window.faces && Date.now() < window.until;

const sameList = (a: number[], b: number[]) => a.length === b.length && a.every((id, i) => id === b[i]);
const sameReach = (a: WindowReach, b: WindowReach) =>
  sameList(a.ids, b.ids) && sameList(a.shown, b.shown) && sameList(a.privateShown, b.privateShown);

function firstExpiry(rows: PostRow[], now: number) {
  const ahead = rows.map((post) => post.pollExpiresAt?.getTime() ?? 0).filter((at) => at > now);
  return Math.min(Number.POSITIVE_INFINITY, ...ahead);
}

function votesByMember(bundles: PostBundle[]) {
  const answers = new Map<number, [number, number][]>();
  for (const b of bundles.filter((bundle) => bundle.post.type === PostType.POLL)) {
    for (const v of b.votes)
      answers.set(v.userId, [...(answers.get(v.userId) ?? []), [b.post.id, v.optionIndex]]);
  }
  return new Map([...answers].map(([userId, list]) => [userId, JSON.stringify(list)]));
}

/**
 * The reader's first page from the window: the posts they see (all public ones, and private ones they wrote
 * or are the target of), newest first. Null when the window cannot tell (cut at WINDOW_MAX before a page).
 */
function pageFor(window: Window, viewerId: number) {
  const seen = window.rows.filter((post) => seesPrivate(post, viewerId));
  if (seen.length > LIMITS.feedPageSize) return { rows: seen.slice(0, LIMITS.feedPageSize), more: true };
  return window.complete ? { rows: seen, more: false } : null;
}

/**
 * What makes one reader's page differ from another's: their role, whether they are shown (their own posts,
 * private posts), their reactions and votes, their friends among private members, their unit (activity
 * posts only), their wellbeing mode. Readers with the same key get the same JSON.
 */
function readerKey(window: Window, viewerId: number, check: ReaderCheck) {
  const shown = window.shown.includes(viewerId) ? viewerId : 0;
  const unit = window.hasActivity ? check.unit : null;
  const votes = window.votesBy.get(viewerId) ?? '';
  const own = JSON.stringify([check.reactions, check.friends, unit]);
  // Wellbeing readers get their own kept variant: the same page without its public counts.
  const wellbeing = check.wellbeing ? 1 : 0;
  return `${window.generation}|${check.expert ? 1 : 0}|${shown}|${votes}|${wellbeing}|${own}`;
}

function presentPage(
  window: Window,
  page: { rows: PostRow[]; more: boolean },
  viewerId: number,
  check: ReaderCheck,
): CommunityFeedPage {
  const friends = new Set(check.friends ?? []);
  const viewer: Viewer = {
    userId: viewerId,
    isModerator: check.expert,
    seesUrgent: check.expert,
    unitPreference: check.unit ?? UnitPreference.IMPERIAL,
    isFriendOf: (userId) => friends.has(userId),
    wellbeing: check.wellbeing ?? false,
  };
  const reactions: Reactions = { ratings: new Map(), highFives: new Set() };
  for (const [postId, kind, value] of check.reactions ?? [])
    addReaction(reactions, postId, viewerId, kind, value);
  const now = new Date();
  const last = page.rows[page.rows.length - 1];
  return {
    community_feeds: page.rows.map((post) =>
      presentPost(window.bundles.get(post.id) as PostBundle, viewer, reactions, now),
    ),
    older_key: last && page.more ? olderKeyOf(last) : null,
    newer_key: null,
  };
}
