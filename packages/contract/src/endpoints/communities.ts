import {
  AddMemberBody,
  CommunitiesQuery,
  CommunitiesResponse,
  Community,
  CommunityIdParams,
  CommunityImageResponse,
  CommunityMemberParams,
  CommunityMembersResponse,
  CreateCommunityBody,
  CreatedCommunity,
  DataImageBody,
  InviteAnswerBody,
  InviteBody,
  JoinCommunityBody,
  LeaveCommunityBody,
  MembersListQuery,
  NonmembersQuery,
  NonmembersResponse,
  Ok,
  OrganizationsResponse,
  SearchCommunitiesQuery,
  UpdateCommunityBody,
} from '../schemas';
import { BODY_LIMITS, endpoints, perMinute } from './define';
import { COMMUNITY_ROUTES } from './routes';

/** The community is not there, or private and the caller not in it. */
const READ = ['not_found'] as const;
const MEMBER = [...READ, 'not_a_member'] as const;
const EXPERT = [...MEMBER, 'not_an_expert'] as const;
const LOOKS = ['invalid_name', 'invalid_initials', 'invalid_color'] as const;

export const COMMUNITY_ENDPOINTS = endpoints('communities', COMMUNITY_ROUTES, {
  communities: {
    rateLimit: perMinute(60),
    query: CommunitiesQuery,
    response: CommunitiesResponse,
    errors: ['invalid_page_key', 'invalid_query'],
  },
  searchCommunities: {
    rateLimit: perMinute(60),
    query: SearchCommunitiesQuery,
    response: CommunitiesResponse,
    errors: ['invalid_page_key', 'invalid_query'],
  },
  community: { params: CommunityIdParams, response: Community, errors: READ },
  updateCommunity: {
    params: CommunityIdParams,
    body: UpdateCommunityBody,
    response: Ok,
    errors: [...EXPERT, ...LOOKS, 'invalid_owner'],
  },
  joinCommunity: {
    body: JoinCommunityBody,
    response: Ok,
    errors: [
      ...READ,
      'invalid_role',
      'already_member',
      'invite_required',
      'terms_not_accepted',
      'names_required',
    ],
  },
  leaveCommunity: { body: LeaveCommunityBody, response: Ok, errors: [...MEMBER, 'last_expert'] },
  createCommunity: {
    rateLimit: perMinute(20),
    body: CreateCommunityBody,
    response: CreatedCommunity,
    errors: [...LOOKS, 'invalid_owner', 'not_a_friend', 'may_not_create', 'not_found'],
  },
  communityImage: {
    rateLimit: perMinute(30),
    bodyLimit: BODY_LIMITS.dataImage,
    params: CommunityIdParams,
    body: DataImageBody,
    response: CommunityImageResponse,
    errors: [...EXPERT, 'invalid_image'],
  },
  organizations: { response: OrganizationsResponse, errors: [] },
  inviteToCommunity: {
    rateLimit: perMinute(60),
    params: CommunityIdParams,
    body: InviteBody,
    response: Ok,
    errors: [...MEMBER, 'already_member', 'already_invited'],
  },
  answerInvite: { params: CommunityIdParams, body: InviteAnswerBody, response: Ok, errors: ['no_invite'] },
  communityMembers: {
    params: CommunityIdParams,
    query: MembersListQuery,
    response: CommunityMembersResponse,
    errors: READ,
  },
  communityNonmembers: {
    rateLimit: perMinute(60),
    params: CommunityIdParams,
    query: NonmembersQuery,
    response: NonmembersResponse,
    errors: [...MEMBER, 'invalid_query'],
  },
  addCommunityMember: {
    params: CommunityMemberParams,
    body: AddMemberBody,
    response: Ok,
    errors: [...EXPERT, 'already_member'],
  },
  removeCommunityMember: {
    params: CommunityMemberParams,
    response: Ok,
    errors: [...EXPERT, 'cannot_remove_self'],
  },
  /**
   * A member becomes an expert: by an expert, or by an admin of the organisation that owns the community (a
   * community whose only expert left with their account, decision 0048). Idempotent.
   */
  appointCommunityExpert: { params: CommunityMemberParams, response: Ok, errors: EXPERT },
});
