import { useTranslation } from 'react-i18next';
import { PERMISSIONS, type Permission } from '@homecam/shared';
import { permissionLabelKey } from '../../forms/field-validation';
import { Checkbox } from '../ui/Checkbox';

export interface PermissionCheckboxesProps {
  value: readonly Permission[];
  onChange: (next: Permission[]) => void;
  error?: string | null;
  testIdPrefix: string;
  /** The permissions to offer (default: all); an API token's scopes offer only what its owner holds. */
  options?: readonly Permission[];
  /** The fieldset's legend (default: "Permissions"). */
  legend?: string;
}

/** Every permission of spec §3 as a checkbox; the caller checks that at least one is chosen. */
export function PermissionCheckboxes({ value, onChange, error, testIdPrefix, options = PERMISSIONS, legend }: PermissionCheckboxesProps) {
  const { t } = useTranslation();
  const toggle = (permission: Permission, checked: boolean) =>
    onChange(checked ? [...value, permission] : value.filter((item) => item !== permission));
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-foreground-muted">{legend ?? t('settings:users.permissions')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((permission) => (
          <Checkbox
            key={permission}
            label={t(permissionLabelKey(permission))}
            checked={value.includes(permission)}
            onChange={(event) => toggle(permission, event.target.checked)}
            data-testid={`${testIdPrefix}-${permission}`}
          />
        ))}
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
