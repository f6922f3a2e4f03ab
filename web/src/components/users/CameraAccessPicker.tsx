import { useTranslation } from 'react-i18next';
import { cameraNameKey } from '@homecam/shared';
import { useCameraList } from '../../hooks/use-cameras';
import { QueryStatus } from '../layout/QueryStatus';
import { ChoiceGroup } from '../settings/ChoiceGroup';
import { CheckboxFieldset } from '../ui/CheckboxFieldset';

export interface CameraAccessPickerProps {
  /** null: every camera (also ones added later); a list: only these. */
  value: string[] | null;
  onChange: (next: string[] | null) => void;
  /** The user is (or is about to become) an admin: admins see every camera, there is nothing to choose. */
  admin: boolean;
  error?: string | null;
}

/**
 * Issue 21: "Cameras: all / only these" of a user. The server enforces the list (a camera outside it does not
 * exist for the user); this only chooses it.
 */
export function CameraAccessPicker({ value, onChange, admin, error }: CameraAccessPickerProps) {
  const { t } = useTranslation();
  const cameras = useCameraList(!admin);
  if (admin) return <p className="text-sm text-foreground-muted" data-testid="camera-access-admin">{t('settings:users.camerasAdmin')}</p>;
  const names = cameras.data?.map((camera) => camera.name) ?? [];
  const ticked = (name: string) => value?.some((item) => cameraNameKey(item) === cameraNameKey(name)) ?? false;
  const toggle = (name: string, on: boolean) => {
    const rest = (value ?? []).filter((item) => cameraNameKey(item) !== cameraNameKey(name));
    onChange(on ? [...rest, name] : rest);
  };
  return (
    <div className="flex flex-col gap-3" data-testid="camera-access">
      <span className="text-sm font-medium text-foreground-muted">{t('settings:users.cameras')}</span>
      <ChoiceGroup
        label={t('settings:users.cameras')}
        value={value === null ? 'all' : 'some'}
        onChange={(choice) => onChange(choice === 'all' ? null : (value ?? []))}
        options={[
          { value: 'all', label: t('settings:users.camerasAll'), testId: 'camera-access-all' },
          { value: 'some', label: t('settings:users.camerasSome'), testId: 'camera-access-some' },
        ]}
      />
      {value === null ? (
        <p className="text-xs text-foreground-muted">{t('settings:users.camerasAllHint')}</p>
      ) : (
        <>
          <QueryStatus query={cameras} />
          <CheckboxFieldset
            legend={t('settings:users.camerasPick')}
            hint={t('settings:users.camerasSomeHint')}
            choices={names.map((name) => ({ value: name, label: name }))}
            isTicked={ticked}
            onToggle={toggle}
            disabled={false}
            testId="camera-access-camera"
            listClassName="grid gap-2 sm:grid-cols-2"
          />
        </>
      )}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
