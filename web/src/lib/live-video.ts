/**
 * The live <video>'s class and test id: LivePlayer renders its own <video> with them and the page's early picture
 * (api/live/early-picture.ts) makes its element with them, so an adopted element is the player's picture as it stands.
 */
export const LIVE_VIDEO = { className: 'h-full w-full object-contain', testId: 'live-video' } as const;
