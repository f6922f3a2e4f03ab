import { backupDownloadQuerySchema, backupLocalStorageSchema } from '@homecam/shared';
import { describe, expect, it } from 'vitest';
import { applyLocalStorage, backupDownloadPath, readLocalStorage } from './backup-api';

describe('backup: this browser\'s layout and theme', () => {
  it('carries only the layout and theme keys, in a query the server accepts', () => {
    localStorage.clear();
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('dashboard-layout', '[{"i":"clock"}]');
    localStorage.setItem('user', '{"access_token":"secret"}');
    const values = readLocalStorage();
    expect(values).toEqual({ theme: 'dark', 'dashboard-layout': '[{"i":"clock"}]' });
    const query = Object.fromEntries(new URLSearchParams(backupDownloadPath(true, values).split('?')[1]));
    expect(backupDownloadQuerySchema.parse(query)).toMatchObject({ recordings: 'true' });
    expect(backupLocalStorageSchema.parse(JSON.parse(query.localStorage ?? ''))).toEqual(values);
  });

  it('puts the restored values back and leaves other keys alone', () => {
    localStorage.clear();
    localStorage.setItem('theme', 'light');
    localStorage.setItem('lastPage', '/cameras');
    applyLocalStorage({ theme: 'dark', 'theme-color': 'blue' });
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(localStorage.getItem('theme-color')).toBe('blue');
    expect(localStorage.getItem('lastPage')).toBe('/cameras');
  });
});
