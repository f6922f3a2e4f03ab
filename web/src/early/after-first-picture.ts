/** At the latest this long after the early picture started, what waits for it goes on anyway. */
export const FIRST_PICTURE_MAX_WAIT_MS = 400;

/**
 * Settles once the early picture shows its first frame (or gave up: `shown` settles either way), or after
 * `maxWaitMs`; at once without a picture (every page but a camera page). Both waits of a camera page opened from
 * nothing use it: the early script's downloads (src/early-live.ts: the app's ~1.2 MB of code, its compiling and the
 * API requests would compete with the picture's sign-in, ICE, DTLS and first decode for the server and the cores,
 * issue 18) and the app's start (main.tsx, through earlyPictureShown).
 */
export function untilFirstPicture(shown: Promise<void> | null, maxWaitMs = FIRST_PICTURE_MAX_WAIT_MS): Promise<void> {
  if (!shown) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, maxWaitMs)));
  return Promise.race([shown.catch(() => undefined), late]).finally(() => clearTimeout(timer));
}
