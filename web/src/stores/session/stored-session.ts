import { loginResponseSchema, STORAGE_KEYS, type LoginResponse } from '@homecam/shared';

/** What localStorage `user` holds: the login answer as the server sent it (token + user). */
export type StoredSession = LoginResponse;

/** The file name the original uses for "no photo"; treated like no photo at all. */
const NO_PHOTO = 'no_img.png';

/** Avatar URL with a cache-buster, so a new photo under the same name is fetched again. */
export function photoUrl(photo: string | null, version: number): string | null {
  if (!photo || photo === NO_PHOTO) return null;
  return `/files/${encodeURIComponent(photo)}?r=${version}`;
}

export interface StoredSessionSnapshot {
  session: StoredSession | null;
  photoUrl: string | null;
}

/** Reads the stored session; anything unreadable counts as signed out. */
export function readStoredSession(storage: Pick<Storage, 'getItem'>): StoredSessionSnapshot {
  const raw = storage.getItem(STORAGE_KEYS.user);
  if (!raw) return { session: null, photoUrl: null };
  try {
    const parsed = loginResponseSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return { session: null, photoUrl: null };
    return { session: parsed.data, photoUrl: storage.getItem(STORAGE_KEYS.userImg) };
  } catch {
    return { session: null, photoUrl: null };
  }
}

export function writeStoredSession(storage: Pick<Storage, 'setItem' | 'removeItem'>, snapshot: StoredSessionSnapshot) {
  if (!snapshot.session) return;
  storage.setItem(STORAGE_KEYS.user, JSON.stringify(snapshot.session));
  if (snapshot.photoUrl) storage.setItem(STORAGE_KEYS.userImg, snapshot.photoUrl);
  else storage.removeItem(STORAGE_KEYS.userImg);
}

/**
 * Logout and login failure clear the user, the photo and the last page (spec §4), and this browser's copy of the
 * dashboard (the server keeps each user's own): the next user of the browser must not start from it.
 */
export function clearStoredSession(storage: Pick<Storage, 'removeItem'>) {
  storage.removeItem(STORAGE_KEYS.user);
  storage.removeItem(STORAGE_KEYS.userImg);
  storage.removeItem(STORAGE_KEYS.lastPage);
  storage.removeItem(STORAGE_KEYS.dashboardLayout);
}
