/** At the latest this long after the early picture started, what waits for it goes out anyway. */
export const FIRST_PICTURE_MAX_WAIT_MS = 400;

/**
 * Runs `then` once the early picture shows its first frame (or gave up, or after `maxWaitMs`): on a camera page the
 * app's ~1.2 MB of code, its compiling and the API requests then do not compete with the live socket's sign-in, the
 * answer, ICE, DTLS and the first decode for the server's event loop and the machine's cores (issue 18). The app
 * itself starts only after that first frame anyway (main.tsx). At once without a picture (every other page).
 */
export function afterFirstPicture(shown: Promise<void> | null, then: () => void, maxWaitMs = FIRST_PICTURE_MAX_WAIT_MS): void {
  if (!shown) return then();
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    then();
  };
  const timer = setTimeout(once, maxWaitMs);
  void shown.then(once, once);
}
