/**
 * Running as root makes every hole in HomeCam, ffmpeg or a library a hole with root's rights (issue 18: the probe's
 * servers ran as root). HomeCam still starts — refusing would break existing installs — but says so loudly at
 * every start: a WARN line in the log and a WARN system notification, both with the fix.
 */
export const ROOT_WARNING_TITLE = 'HomeCam runs as root';
export const ROOT_WARNING_TEXT =
  'HomeCam is running as root (uid 0): a flaw in HomeCam, ffmpeg or a library would give away the whole machine. ' +
  'Run it as its own unprivileged user: install it as a service with deploy/install.sh (systemd unit ' +
  'homecam.service, user homecam) or run the Docker image — see "Install as a service" in the README.';

/**
 * HOMECAM_ALLOW_ROOT=1: uid 0 is known and accepted (a user namespace where it is not the machine's root, a
 * throw-away test machine: the e2e servers in CI). The log line stays; the notification, which every user with
 * notification access would see on every start, is not raised.
 */
export const ALLOW_ROOT_ENV = 'HOMECAM_ALLOW_ROOT';

export interface RootWarningDeps {
  /** process.getuid?.(): undefined where there are no uids (Windows). */
  uid: number | undefined;
  env: Record<string, string | undefined>;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
  notifications: { system(level: 'WARN', title: string, message: string): Promise<unknown> };
}

export function runsAsRoot(uid: number | undefined): boolean {
  return uid === 0;
}

/** Warns when `uid` is root; resolves with whether it did. A failed notification is logged, never thrown. */
export async function warnWhenRoot({ uid, env, log, notifications }: RootWarningDeps): Promise<boolean> {
  if (!runsAsRoot(uid)) return false;
  const accepted = env[ALLOW_ROOT_ENV] === '1';
  log.warn(accepted ? { uid, [ALLOW_ROOT_ENV]: '1' } : { uid }, ROOT_WARNING_TEXT);
  if (accepted) return true;
  try {
    await notifications.system('WARN', ROOT_WARNING_TITLE, ROOT_WARNING_TEXT);
  } catch (error) {
    log.error({ err: error }, 'the root warning notification failed');
  }
  return true;
}
