import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraListState } from '../../components/cameras/CameraListState';
import { CameraCard, CameraListRow } from '../../components/cameras/CameraCard';
import { groupByRoom } from '../../components/cameras/group-by-room';
import { PageTitle } from '../../components/layout/PageTitle';
import { cn } from '../../components/ui/cn';
import { GridIcon, ListIcon } from '../../components/ui/media-icons';
import { useCameraList } from '../../hooks/use-cameras';
import { useRoomList } from '../../hooks/use-rooms';
import { useStoredChoice } from '../../hooks/use-stored-choice';

/** Remembered on this device: cards or a list. */
const VIEW_MODE_KEY = 'cameras-view';
const MODES = ['grid', 'list'] as const;

function ModeButton({ active, label, onClick, testId, children }: { active: boolean; label: string; onClick: () => void; testId: string; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={active}
      aria-label={label}
      title={label}
      onClick={onClick}
      data-testid={testId}
      className={cn('inline-flex h-9 w-9 items-center justify-center rounded-md', active ? 'bg-primary text-primary-foreground' : 'text-foreground hover:bg-surface')}
    >
      {children}
    </button>
  );
}

/** /cameras: every camera grouped by room, as cards with refreshing snapshots or as a list. */
export function CamerasView() {
  const { t } = useTranslation();
  const cameras = useCameraList();
  const rooms = useRoomList();
  const [mode, setMode] = useStoredChoice(VIEW_MODE_KEY, MODES, 'grid');
  const groups = groupByRoom(cameras.data ?? [], rooms.data);

  return (
    <>
      <PageTitle
        actions={
          <div role="group" aria-label={t('cameras:list.viewMode')} className="inline-flex gap-1 rounded-lg bg-muted p-1">
            <ModeButton active={mode === 'grid'} label={t('cameras:list.grid')} onClick={() => setMode('grid')} testId="cameras-view-grid">
              <GridIcon />
            </ModeButton>
            <ModeButton active={mode === 'list'} label={t('cameras:list.list')} onClick={() => setMode('list')} testId="cameras-view-list">
              <ListIcon />
            </ModeButton>
          </div>
        }
      >
        {t('routes.cameras')}
      </PageTitle>
      <CameraListState cameras={cameras} emptyTestId="cameras-empty" />
      <div className="flex flex-col gap-8" data-testid="camera-groups" data-mode={mode}>
        {groups.map((group) => (
          <section key={group.room} aria-labelledby={`room-${group.room}`} data-testid="room-group">
            <h2 id={`room-${group.room}`} className="mb-3 text-sm font-semibold tracking-wide text-foreground-muted uppercase">
              {group.room}
            </h2>
            {mode === 'grid' ? (
              <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {group.cameras.map((camera) => (
                  <CameraCard key={camera.name} camera={camera} />
                ))}
              </ul>
            ) : (
              <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface">
                {group.cameras.map((camera) => (
                  <CameraListRow key={camera.name} camera={camera} />
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </>
  );
}
