/** TanStack Query keys, in one place so invalidations hit what they mean. */
export const queryKeys = {
  uiConfig: ['config', 'ui'] as const,
  users: ['users'] as const,
};
