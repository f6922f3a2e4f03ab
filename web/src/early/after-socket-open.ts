/** At the latest this long after the early socket was made, what waits for it goes out anyway. */
export const AFTER_OPEN_MAX_WAIT_MS = 300;

/**
 * Runs `then` once the early live socket is open (or closed, failed, or after AFTER_OPEN_MAX_WAIT_MS): on a camera
 * page the app's ~1.2 MB of code and the API requests then do not stand in the server's queue before the socket's
 * upgrade and sign-in. At once without a socket (every other page).
 */
export function afterSocketOpen(socket: Pick<WebSocket, 'addEventListener' | 'readyState'> | null, then: () => void): void {
  if (!socket || socket.readyState !== WebSocket.CONNECTING) return then();
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    then();
  };
  const timer = setTimeout(once, AFTER_OPEN_MAX_WAIT_MS);
  for (const event of ['open', 'close', 'error'] as const) socket.addEventListener(event, once);
}
