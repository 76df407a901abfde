/** What a stars row stands for (stars.target_kind); each feature that owns stars adds its kind. */
export const StarTarget = {
  USER: 'user',
  COMMUNITY: 'community',
  /** A group message thread (a one-to-one thread's interactions go to the other member's USER star). */
  GROUP: 'group',
} as const;
export type StarTarget = (typeof StarTarget)[keyof typeof StarTarget];
