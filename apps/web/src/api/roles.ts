import { CommunityRole } from '@orbit/contract';

/** Is the member an expert of the community whose roles these are? Communities and lessons both ask. */
export const isExpert = (roles: readonly number[]) => roles.includes(CommunityRole.EXPERT);
