import {
  COMMUNITY_COLORS,
  CommunityRole,
  DEFAULT_COMMUNITY_COLOR,
  ErrorCode,
  LIMITS,
  TermsKind,
} from '@orbit/contract';
import { badRequest } from '../../platform/errors';
import type { UserRow } from '../faces';
import type { CommunityRow } from './policy';

/** A community name: trimmed, 1..30 characters (docs/product/communities.md#create). */
export function communityName(raw: string): string {
  const name = raw.trim();
  if (name.length === 0 || name.length > LIMITS.communityName) {
    throw badRequest(
      ErrorCode.invalid_name,
      `The community name must be 1 to ${LIMITS.communityName} characters`,
    );
  }
  return name;
}

/** Initials: one character, upper-cased (docs/product/communities.md#create); none given takes the name's first character. */
export function communityInitials(raw: string | null | undefined, name: string): string {
  const initials = (raw ?? '').trim() || name.charAt(0);
  if ([...initials].length !== LIMITS.communityInitials) {
    throw badRequest(ErrorCode.invalid_initials, 'The initials must be one character');
  }
  return initials.toUpperCase();
}

/** One of the six palette colours (docs/product/communities.md#create), dark navy when none is given. */
export function communityColor(raw: string | null | undefined): string {
  if (raw === undefined || raw === null || raw === '') return DEFAULT_COMMUNITY_COLOR;
  const color = raw.toLowerCase();
  if (!(COMMUNITY_COLORS as readonly string[]).includes(color)) {
    throw badRequest(ErrorCode.invalid_color, 'The colour must be one of the community palette');
  }
  return color;
}

/** Joining is always as an ordinary member (docs/product/communities.md#experts): nobody makes themselves an expert. */
export function assertJoinRole(role: number): void {
  if (role !== CommunityRole.MEMBER) {
    throw badRequest(ErrorCode.invalid_role, 'Members join a community with role 4');
  }
}

/** The spec's profile shows "NA" for an empty name (docs/product/account-and-safety.md#profile). */
const isBlankName = (value: string) => value.trim() === '' || value.trim() === 'NA';

/**
 * The terms popup (docs/product/communities.md#join): a community with terms needs them accepted; madness terms also need the
 * member's first and last name (the client saves them first when they changed).
 */
export function assertTermsMet(community: CommunityRow, user: UserRow, acceptedTerms: boolean | undefined) {
  if (community.tcKind === null) return;
  if (acceptedTerms !== true) {
    throw badRequest(ErrorCode.terms_not_accepted, 'Accept the terms to join this community');
  }
  if (community.tcKind === TermsKind.MADNESS && (isBlankName(user.firstName) || isBlankName(user.lastName))) {
    throw badRequest(ErrorCode.names_required, 'Enter your first and last name to join');
  }
}
