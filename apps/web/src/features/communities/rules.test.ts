import {
  AccessType,
  COMMUNITY_COLORS,
  CommunityRole,
  DEFAULT_COMMUNITY_COLOR,
  OrgRole,
  OwnerType,
  type ProfileStar,
  StarType,
  TermsKind,
} from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { T } from '../../i18n/texts';
import { makeStar } from '../../test/stars';
import {
  canCreate,
  createBody,
  defaultIdentity,
  EMPTY_CREATE_FORM,
  firstJoinStep,
  inviteCandidates,
  listTarget,
  madnessJoinEnabled,
  mayAppointExperts,
  namesOf,
  nameUpdates,
  newMemberProblem,
  newMemberRegistration,
  pendingInvites,
  stepAfterTerms,
  toggled,
  typedInitials,
  typedName,
} from './rules';

/** A star with nothing but `fields` set: no member, no face. */
const star = (fields: Partial<ProfileStar>) =>
  makeStar('x', { name: 'Someone', user_id: null, avatar_image: null, gojimoji: null, ...fields });

describe('join flow (docs/product/communities.md#join)', () => {
  it('shows the terms popup of the community kind first, and the identity popup when it has none', () => {
    expect(firstJoinStep(TermsKind.MADNESS)).toBe('madnessTerms');
    expect(firstJoinStep(TermsKind.GENERIC)).toBe('genericTerms');
    expect(firstJoinStep(null)).toBe('identity');
  });

  it('follows generic terms with the identity popup and joins straight from madness terms', () => {
    expect(stepAfterTerms('genericTerms')).toBe('identity');
    expect(stepAfterTerms('madnessTerms')).toBe('join');
  });

  it('defaults the identity to persona when public and avatar when private', () => {
    expect(defaultIdentity(1)).toBe('persona');
    expect(defaultIdentity(2)).toBe('avatar');
  });

  it('enables madness join only when accepted and both names are non-blank', () => {
    expect(madnessJoinEnabled({ accepted: true, firstName: 'Ana', lastName: 'Lee' })).toBe(true);
    expect(madnessJoinEnabled({ accepted: false, firstName: 'Ana', lastName: 'Lee' })).toBe(false);
    expect(madnessJoinEnabled({ accepted: true, firstName: '  ', lastName: 'Lee' })).toBe(false);
    expect(madnessJoinEnabled({ accepted: true, firstName: 'Ana', lastName: '' })).toBe(false);
  });

  it('saves only the names that changed, one PUT /user shape each, and reads NA as an empty last name', () => {
    const profile = { first_name: 'Ana', last_name: 'NA' };
    expect(namesOf(profile)).toEqual({ firstName: 'Ana', lastName: '' });
    expect(nameUpdates(profile, { firstName: 'Ana', lastName: '' })).toEqual([]);
    expect(nameUpdates(profile, { firstName: ' Ana ', lastName: 'Lee' })).toEqual([{ last_name: 'Lee' }]);
    expect(nameUpdates(profile, { firstName: 'Anna', lastName: 'Lee' })).toEqual([
      { first_name: 'Anna' },
      { last_name: 'Lee' },
    ]);
  });

  it('opens the community only for members; an invitee gets the invite, anyone else the info view', () => {
    expect(listTarget({ isMember: true, request_date: null })).toBe('page');
    expect(listTarget({ isMember: false, request_date: '2026-01-01T00:00:00.000Z' })).toBe('invite');
    expect(listTarget({ isMember: false, request_date: null })).toBe('preview');
  });
});

describe('create community form (docs/product/communities.md#create)', () => {
  it('keeps CREATE disabled until the name is non-empty', () => {
    expect(canCreate({ name: '' })).toBe(false);
    expect(canCreate({ name: '   ' })).toBe(false);
    expect(canCreate({ name: 'Walkers' })).toBe(true);
  });

  it('keeps one initial, upper-cased, the last typed replacing the one before', () => {
    expect(typedInitials('w')).toBe('W');
    expect(typedInitials('wr')).toBe('R');
    expect(typedInitials('')).toBe('');
  });

  it('cuts the name at 30 characters', () => {
    expect(typedName('x'.repeat(40))).toHaveLength(30);
  });

  it('sends the palette colour (dark navy by default), access type, trimmed fields and the invitees', () => {
    expect(createBody({ ...EMPTY_CREATE_FORM, name: ' Walkers ' })).toEqual({
      name: 'Walkers',
      color: DEFAULT_COMMUNITY_COLOR,
      access_type: AccessType.PUBLIC,
    });
    expect(
      createBody({
        name: 'Walkers',
        initials: 'w',
        color: COMMUNITY_COLORS[2],
        description: ' Daily walks ',
        accessType: AccessType.PRIVATE,
        invitees: [7, 9],
      }),
    ).toEqual({
      name: 'Walkers',
      initials: 'W',
      color: COMMUNITY_COLORS[2],
      description: 'Daily walks',
      access_type: AccessType.PRIVATE,
      members_userids: [7, 9],
    });
  });

  it('offers friend stars only as invitees, by the name the server presents, sorted', () => {
    const stars = [
      star({ star_type: StarType.FRIEND, user_id: 2, name: 'zoe Park', screen_name: 'zp' }),
      star({ star_type: StarType.PENDING_FRIEND, user_id: 3, name: 'Pat Lu', screen_name: 'pat' }),
      star({ star_type: StarType.COMMUNITY_USER_CREATED, community_id: 4, name: 'Walkers' }),
      star({ star_type: StarType.FRIEND, user_id: 5, name: 'Amy Chen', screen_name: 'zz.amy' }),
    ];
    expect(inviteCandidates(stars)).toEqual([
      { userId: 5, name: 'Amy Chen' },
      { userId: 2, name: 'zoe Park' },
    ]);
  });

  it('toggles an invitee in and out', () => {
    expect(toggled([1, 2], 3)).toEqual([1, 2, 3]);
    expect(toggled([1, 2], 1)).toEqual([2]);
  });
});

describe('pending invites (docs/product/friends.md#requests-list; docs/product/communities.md#invites)', () => {
  it('lists the COMMUNITY_INVITE stars, newest first', () => {
    const stars = [
      star({
        star_type: StarType.COMMUNITY_INVITE,
        community_id: 1,
        name: 'Old',
        interaction_date: '2026-01-01',
      }),
      star({ star_type: StarType.COMMUNITY_USER_CREATED, community_id: 2, name: 'Mine' }),
      star({
        star_type: StarType.COMMUNITY_INVITE,
        community_id: 3,
        name: 'New',
        interaction_date: '2026-02-01',
      }),
    ];
    expect(pendingInvites(stars).map((invite) => invite.communityId)).toEqual([3, 1]);
  });
});

describe('add a new user form (docs/product/communities.md#add-member)', () => {
  const form = { identity: 'newcomer@orbit.local', password: '', confirm: '' };

  it('needs a username or email of at least 3 characters', () => {
    expect(newMemberProblem({ ...form, identity: 'ab' })).toBe(T.invalidUsername);
    expect(newMemberProblem({ ...form, identity: ' ab ' })).toBe(T.invalidUsername);
    expect(newMemberProblem({ ...form, identity: 'abc' })).toBeNull();
  });

  it('accepts a blank password (one is generated) but refuses an invalid one', () => {
    expect(newMemberProblem(form)).toBeNull();
    expect(newMemberProblem({ ...form, password: 'short1!', confirm: 'short1!' })).toBe(T.invalidPassword);
    expect(
      newMemberProblem({ ...form, identity: 'walker', password: 'walker-123', confirm: 'walker-123' }),
    ).toBe(T.invalidPassword);
  });

  it('needs the confirmation to equal the password', () => {
    expect(newMemberProblem({ ...form, password: 'Good-pass-42', confirm: 'Good-pass-43' })).toBe(
      T.passwordsDoNotMatch,
    );
    expect(newMemberProblem({ ...form, password: 'Good-pass-42', confirm: 'Good-pass-42' })).toBeNull();
  });

  it('registers into the organisation with the spec defaults, leaving a blank password out', () => {
    expect(newMemberRegistration(form, 3)).toEqual({
      email: 'newcomer@orbit.local',
      organization_id: 3,
      measurement_unit: 1,
      country_code: 'US',
      timezone: 'America/New_York',
    });
    expect(newMemberRegistration({ ...form, password: 'Good-pass-42' }, null)).toMatchObject({
      password: 'Good-pass-42',
    });
  });
});

describe('who makes a member an expert (decision 0048)', () => {
  const ofOrganization = (roles: number[]) => ({ roles, owner_type: OwnerType.ORGANIZATION, owner_id: 7 });
  const admin = { id: 7, org_roles: [OrgRole.ADMIN, OrgRole.MEMBER] };

  it("the community's experts, whoever owns it", () => {
    expect(mayAppointExperts(ofOrganization([CommunityRole.EXPERT]), [])).toBe(true);
    const owned = { roles: [CommunityRole.EXPERT], owner_type: OwnerType.USER, owner_id: 7 };
    expect(mayAppointExperts(owned, [])).toBe(true);
  });

  it('the admins of the organisation that owns it, member or not', () => {
    expect(mayAppointExperts(ofOrganization([CommunityRole.MEMBER]), [admin])).toBe(true);
    expect(mayAppointExperts(ofOrganization([]), [{ id: 3, org_roles: [OrgRole.MEMBER] }, admin])).toBe(true);
  });

  it('not a plain member, an admin of another organisation, nor an admin when a member owns it', () => {
    expect(mayAppointExperts(ofOrganization([CommunityRole.MEMBER]), [])).toBe(false);
    expect(mayAppointExperts(ofOrganization([CommunityRole.MEMBER]), [{ ...admin, id: 8 }])).toBe(false);
    expect(mayAppointExperts(ofOrganization([]), [{ id: 7, org_roles: [OrgRole.MEMBER] }])).toBe(false);
    const owned = { roles: [CommunityRole.MEMBER], owner_type: OwnerType.USER, owner_id: 7 };
    expect(mayAppointExperts(owned, [admin])).toBe(false);
  });
});
