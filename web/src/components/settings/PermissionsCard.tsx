import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@homecam/shared';
import { permissionLabelKey } from '../../forms/field-validation';
import { Card } from '../ui/Card';
import { CheckIcon } from '../ui/icons';

/** The own permissions, read-only: only an admin changes them, and never its own. */
export function PermissionsCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  return (
    <Card title={t('settings:account.permissionsTitle')} description={t('settings:account.permissionsHint')}>
      <ul data-testid="account-permissions" className="flex flex-wrap gap-2">
        {user.permissionLevel.map((permission) => (
          <li
            key={permission}
            data-permission={permission}
            className="inline-flex items-center gap-1.5 rounded-full bg-primary-soft px-3 py-1 text-xs font-medium text-primary"
          >
            <CheckIcon width={14} height={14} /> {t(permissionLabelKey(permission))}
          </li>
        ))}
      </ul>
    </Card>
  );
}
