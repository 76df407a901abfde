import {
  PersonaType,
  type TournamentPair,
  type TournamentSide,
  type TournamentUser,
  TournamentUserState,
} from '@orbit/contract';
import { type CommunityRow, communityImageUrl, presentIdentity } from '../communities';
import { joinedAsPersona, publicCounts, type UserRow } from '../faces';
import { isEntrant, type PairResult, type SideResult } from './bracket';

export interface ShownMember {
  user: UserRow;
  communityId: number;
  /** The identity they joined the community under (persona or avatar). */
  identity: string;
  score: number;
  battleWon: number;
  h5: number;
  highFived: boolean;
  state: TournamentUserState;
}

/**
 * A member as the tournament shows them: the identity of their community membership, so a member who joined
 * under their avatar shows neither persona picture nor mood tags (the blurb). A viewer in wellbeing mode gets
 * no high-five count (decision 0044).
 */
export function presentTournamentUser(member: ShownMember, wellbeing: boolean): TournamentUser {
  const { identity_image, identity_name } = presentIdentity(member.user, member.identity);
  const persona = joinedAsPersona(member.identity);
  const uploaded = identity_image.type === PersonaType.UPLOADED ? Number(identity_image.value) : null;
  return {
    id: member.user.id,
    identity: identity_name,
    persona_image: identity_image,
    image_id: uploaded !== null && Number.isInteger(uploaded) ? uploaded : null,
    blurb: persona ? member.user.moodTags.join(', ') : '',
    ...publicCounts(wellbeing, { h5: member.h5 }),
    high_fived: member.highFived,
    battle_won: member.battleWon,
    state: member.state,
    community_id: member.communityId,
    score: member.score,
  };
}

const EMPTY_SIDE = {
  community_id: null,
  name: null,
  image_url: null,
  color: null,
  initials: null,
  seed: null,
};

export function presentSide(
  result: SideResult,
  community: CommunityRow | undefined,
  users: TournamentUser[],
): TournamentSide {
  const figures = { score: result.score, battle_won: result.battleWon };
  if (result.slot.kind !== 'entrant' || !community) {
    return { ...EMPTY_SIDE, bye: result.slot.kind === 'bye', ...figures, users: [] };
  }
  return {
    community_id: community.id,
    name: community.name,
    image_url: communityImageUrl(community),
    color: community.color,
    initials: community.initials,
    seed: result.slot.entrant.seed,
    bye: false,
    ...figures,
    users,
  };
}

export function stateOf(communityId: number, fates: { out: Set<number>; champion: number | null }) {
  if (fates.champion === communityId) return TournamentUserState.CHAMPION;
  return fates.out.has(communityId) ? TournamentUserState.OUT : TournamentUserState.IN;
}

/** docs/product/tournament.md#bracket communities[]: one pair, `name` its winner's (null while TBD), each side with its shown members. */
export function presentPair(
  pair: PairResult,
  position: number,
  communities: Map<number, CommunityRow>,
  members: Map<number, ShownMember[]>,
  wellbeing: boolean,
): TournamentPair {
  const winner = isEntrant(pair.winner) ? communities.get(pair.winner.entrant.communityId) : undefined;
  return {
    position,
    name: winner?.name ?? null,
    winner_community_id: winner?.id ?? null,
    participants: pair.sides.map((side) => {
      const id = isEntrant(side.slot) ? side.slot.entrant.communityId : -1;
      return presentSide(
        side,
        communities.get(id),
        (members.get(id) ?? []).map((m) => presentTournamentUser(m, wellbeing)),
      );
    }),
  };
}
