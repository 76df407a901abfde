/** Query key factories, one root per resource, so invalidation by root reaches every variant. */
export const queryKeys = {
  profiles: ['profiles'] as const,
  avatars: ['avatars'] as const,
  version: (v: number) => ['version', v] as const,
  locale: (lang: string) => ['locale', lang] as const,
};
