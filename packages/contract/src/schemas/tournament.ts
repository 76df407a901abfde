import { type Static, Type } from 'typebox';
import { RoundState, TournamentRound, TournamentUserState } from '../tournament';
import { Id, Nullable } from './common';
import { PersonaImage } from './users';

const SeasonCode = Type.String({ minLength: 1, maxLength: 40 });

/** GET /tournament/progress (docs/product/tournament.md#bracket): a season's code and one of its rounds; both default to the current. */
export const TournamentProgressQuery = Type.Object({
  code: Type.Optional(SeasonCode),
  round: Type.Optional(
    Type.Union([
      Type.Literal(TournamentRound.R64),
      Type.Literal(TournamentRound.R32),
      Type.Literal(TournamentRound.R16),
      Type.Literal(TournamentRound.R8),
      Type.Literal(TournamentRound.SEMI_FINALS),
      Type.Literal(TournamentRound.FINALS),
    ]),
  ),
});
export type TournamentProgressQuery = Static<typeof TournamentProgressQuery>;

/** docs/product/tournament.md#bracket Tournament user: id, identity, image_id, blurb, h5, battle_won, state. */
export const TournamentUser = Type.Object({
  id: Id,
  /** The name the member shows in their community (persona or avatar identity). */
  identity: Type.String(),
  persona_image: PersonaImage,
  /** Their uploaded persona picture, served by GET /tournament/user/image; null for the rest. */
  image_id: Nullable(Type.Integer()),
  blurb: Type.String(),
  h5: Type.Optional(Type.Integer({ minimum: 0, description: 'left out in wellbeing mode' })),
  /** Whether the caller has high-fived them this season. */
  high_fived: Type.Boolean(),
  battle_won: Type.Integer({ minimum: 0 }),
  state: Type.Union([
    Type.Literal(TournamentUserState.IN),
    Type.Literal(TournamentUserState.OUT),
    Type.Literal(TournamentUserState.CHAMPION),
  ]),
  community_id: Id,
  /** Activity minutes counted for their community in the round shown, in ms. */
  score: Type.Integer({ minimum: 0 }),
});
export type TournamentUser = Static<typeof TournamentUser>;

/** One side of a pair: a community, a bye (no community drawn), or TBD (the earlier round is undecided). */
export const TournamentSide = Type.Object({
  community_id: Nullable(Type.Integer()),
  name: Nullable(Type.String()),
  image_url: Nullable(Type.String()),
  color: Nullable(Type.String()),
  initials: Nullable(Type.String()),
  seed: Nullable(Type.Integer()),
  bye: Type.Boolean(),
  /** Summed activity duration (ms) of its members over the round's days so far. */
  score: Type.Integer({ minimum: 0 }),
  battle_won: Type.Integer({ minimum: 0 }),
  users: Type.Array(TournamentUser),
});
export type TournamentSide = Static<typeof TournamentSide>;

/** docs/product/tournament.md#bracket: communities[] {name, participants[] {users[]}}; one entry per pair, `name` its winner (null: TBD). */
export const TournamentPair = Type.Object({
  /** The pair's place in the round's bracket, from 0 (byes-only pairs are left out, so gaps happen). */
  position: Type.Integer({ minimum: 0 }),
  name: Nullable(Type.String()),
  winner_community_id: Nullable(Type.Integer()),
  participants: Type.Array(TournamentSide),
});
export type TournamentPair = Static<typeof TournamentPair>;

export const TournamentRoundInfo = Type.Object({
  round: Type.Integer(),
  starts_at: Type.String(),
  ends_at: Type.String(),
  state: Type.Union([
    Type.Literal(RoundState.UPCOMING),
    Type.Literal(RoundState.LIVE),
    Type.Literal(RoundState.OVER),
  ]),
});
export type TournamentRoundInfo = Static<typeof TournamentRoundInfo>;

export const TournamentProgressResponse = Type.Object({
  code: Type.String(),
  year: Type.Integer(),
  ends_at: Type.String(),
  /** A season is over after its end time, 1 March 08:00 UTC (docs/product/tournament.md#seasons). */
  over: Type.Boolean(),
  tournament_round: Type.Integer(),
  rounds: Type.Array(TournamentRoundInfo),
  communities: Type.Array(TournamentPair),
});
export type TournamentProgressResponse = Static<typeof TournamentProgressResponse>;

/** PUT /tournament/user/h5 (docs/product/tournament.md#bracket): code, user_id; answers h5. */
export const HighFiveBody = Type.Object({ code: SeasonCode, user_id: Id });
export type HighFiveBody = Static<typeof HighFiveBody>;
export const HighFiveResponse = Type.Object({
  h5: Type.Optional(Type.Integer({ minimum: 0, description: 'left out in wellbeing mode' })),
});
export type HighFiveResponse = Static<typeof HighFiveResponse>;

/**
 * GET /tournament/user/image?image_id (docs/product/tournament.md#bracket): a tournament user's picture, by the image_id of their entry.
 */
export const TournamentImageQuery = Type.Object({ image_id: Id });
