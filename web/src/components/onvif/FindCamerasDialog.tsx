import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OnvifDiscovered, OnvifDiscovery, OnvifInspectResult } from '@homecam/shared';
import { describeError } from '../../hooks/describe-error';
import { useInspectOnvif, useOnvifDiscovery } from '../../hooks/use-onvif-discovery';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { ModalActions } from '../ui/ModalActions';
import { TextField } from '../ui/TextField';

export interface FindCamerasDialogProps {
  onClose: () => void;
  /** The camera answered with its profiles: the add-camera form opens, filled in. */
  onFound: (result: OnvifInspectResult, name: string | null) => void;
}

interface Target {
  address: string;
  name: string | null;
}

function Progress({ discovery }: { discovery: OnvifDiscovery | null }) {
  const { t } = useTranslation();
  const percent = discovery && discovery.durationMs > 0 ? Math.round((discovery.elapsedMs / discovery.durationMs) * 100) : 0;
  const running = !discovery || discovery.state === 'running';
  return (
    <div className="mb-3" data-testid="onvif-progress" data-state={discovery?.state ?? 'starting'}>
      <p className="mb-1 text-sm text-foreground-muted">{running ? t('cameras:onvif.searching') : t('cameras:onvif.found', { count: discovery.devices.length })}</p>
      <div className="h-1.5 overflow-hidden rounded-full bg-muted" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t('cameras:onvif.searching')}>
        <div className="h-full bg-primary transition-[width]" style={{ width: `${running ? percent : 100}%` }} />
      </div>
      {discovery?.failed ? <p className="mt-2 text-sm text-danger" role="alert">{t('errors.ONVIF_DISCOVERY_FAILED')}</p> : null}
    </div>
  );
}

function DeviceRow({ device, onPick }: { device: OnvifDiscovered; onPick: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="onvif-device">
      <div className="min-w-0">
        <p className="truncate font-medium">{device.name ?? device.model ?? device.hostname}</p>
        <p className="truncate text-xs text-foreground-muted">
          {[device.manufacturer, device.model].filter(Boolean).join(' · ')} {device.hostname}:{device.port}
        </p>
        {device.addedAs ? <p className="text-xs text-foreground-muted" data-testid="onvif-device-added">{t('cameras:onvif.addedAs', { camera: device.addedAs })}</p> : null}
      </div>
      <Button size="sm" variant={device.addedAs ? 'secondary' : 'primary'} onClick={onPick} data-testid="onvif-device-pick">
        {t('cameras:onvif.use')}
      </Button>
    </li>
  );
}

/** The search results and, below them, a camera address to try by hand (when multicast does not reach it). */
function Search({ onPick }: { onPick: (target: Target) => void }) {
  const { t } = useTranslation();
  const { discovery, error, restart } = useOnvifDiscovery();
  const [address, setAddress] = useState('');
  const pickManual = (event: FormEvent) => {
    event.preventDefault();
    if (address.trim()) onPick({ address: address.trim(), name: null });
  };
  return (
    <>
      <Progress discovery={discovery} />
      {error ? <p className="mb-2 text-sm text-danger" role="alert">{describeError(t, error)}</p> : null}
      <ul className="mb-3 divide-y divide-border" data-testid="onvif-devices">
        {discovery?.devices.map((device) => <DeviceRow key={device.address} device={device} onPick={() => onPick({ address: device.address, name: device.name })} />)}
      </ul>
      {discovery?.state === 'done' ? (
        <Button variant="secondary" size="sm" className="mb-4" onClick={restart} data-testid="onvif-search-again">
          {t('cameras:onvif.searchAgain')}
        </Button>
      ) : null}
      <form className="flex flex-wrap items-end gap-2" onSubmit={pickManual} noValidate>
        <TextField
          label={t('cameras:onvif.address')}
          hint={t('cameras:onvif.addressHint')}
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          className="min-w-0 flex-1"
          autoComplete="off"
          spellCheck={false}
          data-testid="onvif-address"
        />
        <Button type="submit" variant="secondary" className="mb-5" disabled={!address.trim()} data-testid="onvif-address-use">
          {t('cameras:onvif.use')}
        </Button>
      </form>
    </>
  );
}

function Credentials({ target, onBack, onFound }: { target: Target; onBack: () => void; onFound: FindCamerasDialogProps['onFound'] }) {
  const { t } = useTranslation();
  const [user, setUser] = useState('admin');
  const [password, setPassword] = useState('');
  const inspect = useInspectOnvif((result) => onFound(result, target.name));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    inspect.mutate({ address: target.address, user, password });
  };
  return (
    <form id="onvif-credentials" onSubmit={submit} noValidate className="grid gap-x-3 sm:grid-cols-2">
      <p className="mb-3 text-sm text-foreground-muted sm:col-span-2">{t('cameras:onvif.credentialsFor', { camera: target.name ?? target.address })}</p>
      <TextField label={t('cameras:onvif.user')} value={user} onChange={(event) => setUser(event.target.value)} autoComplete="off" data-testid="onvif-user" />
      <TextField label={t('cameras:onvif.password')} type="password" value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="new-password" data-testid="onvif-password" />
      {inspect.error ? (
        <p className="mb-3 text-sm text-danger sm:col-span-2" role="alert" data-testid="onvif-error">
          {describeError(t, inspect.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button variant="secondary" onClick={onBack} disabled={inspect.isPending}>
          {t('cameras:onvif.back')}
        </Button>
        <Button type="submit" disabled={inspect.isPending} data-testid="onvif-read">
          {inspect.isPending ? t('cameras:onvif.reading') : t('cameras:onvif.read')}
        </Button>
      </div>
    </form>
  );
}

/** Settings → Cameras → Find cameras: search the network, pick a camera, give its password, get the form filled. */
export function FindCamerasDialog({ onClose, onFound }: FindCamerasDialogProps) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<Target | null>(null);
  return (
    <Modal open title={t('cameras:onvif.title')} onClose={onClose} testId="onvif-dialog" footer={<ModalActions onCancel={onClose} cancelLabel={t('actions.cancel')}>{null}</ModalActions>}>
      {target ? <Credentials target={target} onBack={() => setTarget(null)} onFound={onFound} /> : <Search onPick={setTarget} />}
    </Modal>
  );
}
