import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Permission, SessionUser } from '@homecam/shared';
import { Can } from './Can';

const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock('../../hooks/use-session', () => ({ useCurrentUser: () => session.user }));

const signedInWith = (...permissionLevel: Permission[]) => {
  session.user = { id: 1, username: 'u', sessionTimer: 60, permissionLevel, photo: null, mustChangeCredentials: false };
};

afterEach(() => {
  cleanup();
  session.user = null;
});

describe('<Can all>', () => {
  it('shows its children only when every listed permission is held', () => {
    signedInWith('cameras:access');
    render(<Can all={['cameras:access', 'recordings:access']}>secret</Can>);
    expect(screen.queryByText('secret')).toBeNull();
    cleanup();
    signedInWith('cameras:access', 'recordings:access');
    render(<Can all={['cameras:access', 'recordings:access']}>secret</Can>);
    expect(screen.getByText('secret')).toBeTruthy();
  });

  it('lets admin through', () => {
    signedInWith('admin');
    render(<Can all={['backup:restore']}>secret</Can>);
    expect(screen.getByText('secret')).toBeTruthy();
  });

  it('shows the fallback to a signed-out visitor', () => {
    render(
      <Can all={[]} fallback="nope">
        secret
      </Can>,
    );
    expect(screen.getByText('nope')).toBeTruthy();
  });
});
