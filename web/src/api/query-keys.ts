/** TanStack Query keys, in one place so invalidations hit what they mean. */
export const queryKeys = {
  uiConfig: ['config', 'ui'] as const,
  users: ['users'] as const,
  /** The signed-in user's own second factors (issue 21). */
  secondFactor: ['account', 'second-factor'] as const,
  passkeys: ['account', 'passkeys'] as const,
  secondFactorPolicy: ['settings', 'second-factor'] as const,
  /** A user's signed-in devices and API tokens (issue 21). */
  sessions: (userId: number) => ['users', userId, 'sessions'] as const,
  apiTokens: (userId: number) => ['users', userId, 'tokens'] as const,
  /** Every user's API tokens (the admin's list); under `users`, so a deleted user's tokens leave it too. */
  allApiTokens: ['users', 'all-tokens'] as const,
  /** Everything about cameras; invalidating it refreshes lists, single cameras and statuses. */
  cameras: ['cameras'] as const,
  cameraList: ['cameras', 'list'] as const,
  camera: (name: string) => ['cameras', 'one', name] as const,
  cameraStatus: (name: string) => ['cameras', 'status', name] as const,
  /** Issue 22: a camera's ONVIF event subscription. */
  onvifEvents: (name: string) => ['cameras', 'onvif-events', name] as const,
  /** Issue 22: a PTZ camera's presets. */
  ptzPresets: (name: string) => ['cameras', 'ptz', name] as const,
  /** Whether a camera can talk back (issue 22); not under `cameras`, whose edits need not ask the camera again. */
  talk: (name: string) => ['talk', name] as const,
  rooms: ['rooms'] as const,
  /** Every notification list (any filters). */
  notifications: ['notifications'] as const,
  notificationList: (filters: unknown) => ['notifications', 'list', filters] as const,
  /** Every recording list (any filters). */
  recordings: ['recordings'] as const,
  recordingList: (filters: unknown) => ['recordings', 'list', filters] as const,
  recordingSettings: ['settings', 'recordings'] as const,
  notificationSettings: ['settings', 'notifications'] as const,
  /** 24/7 recording: the timeline of some cameras over a range, the review list, exports, the footage settings. */
  timeline: ['timeline'] as const,
  timelineRange: (cameras: readonly string[], from: number, to: number, bucketMs: number) => ['timeline', cameras.join(','), from, to, bucketMs] as const,
  review: ['review'] as const,
  reviewList: (cameras: readonly string[], onlyUnreviewed: boolean) => ['review', 'list', cameras.join(','), onlyUnreviewed] as const,
  exports: ['exports'] as const,
  continuousSettings: ['settings', 'recordings', 'continuous'] as const,
  systemInfo: ['system', 'info'] as const,
  systemStatus: ['system', 'status'] as const,
  systemDisk: ['system', 'disk'] as const,
  atHome: ['settings', 'at-home'] as const,
  /** The Utilization history (GET once, the socket keeps it going). */
  metrics: ['system', 'metrics'] as const,
};
