import type { Integration } from '@homecam/shared';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStores } from '../../test/test-stores';
import { IntegrationCard } from './IntegrationCard';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key, i18n: { language: 'en' } }) }));

afterEach(cleanup);

const HTTP_TRIGGER: Integration = {
  id: 'http-trigger',
  kind: 'trigger',
  title: 'HTTP trigger',
  settingsPath: '/config',
  actions: ['start', 'stop', 'restart'],
  warnings: [],
  state: 'running',
  since: null,
  lastError: null,
  detail: { code: 'PORT', port: 7272, localOnly: false },
};

function renderCard(integration: Integration) {
  renderWithStores(
    <MemoryRouter>
      <IntegrationCard integration={integration} />
    </MemoryRouter>,
  );
}

describe('<IntegrationCard> warnings (F16d)', () => {
  it('says in the page language that an HTTP trigger without a token is open', () => {
    renderCard({ ...HTTP_TRIGGER, warnings: ['TRIGGER_OPEN'] });
    expect(screen.getByTestId('plugin-warning-TRIGGER_OPEN').textContent).toBe('plugins:warnings.TRIGGER_OPEN');
  });

  it('shows no warning when there is none', () => {
    renderCard(HTTP_TRIGGER);
    expect(screen.queryByTestId('plugin-warning-TRIGGER_OPEN')).toBeNull();
  });
});
