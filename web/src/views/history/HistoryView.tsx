import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { TIMELINE_MAX_CAMERAS, type ReviewItem } from '@homecam/shared';
import { cameraPath } from '../../components/cameras/camera-path';
import { ExportForm } from '../../components/exports/ExportForm';
import { PageTitle } from '../../components/layout/PageTitle';
import { QueryStatus } from '../../components/layout/QueryStatus';
import { SessionPlayer } from '../../components/playback/SessionPlayer';
import { SessionTimeline } from '../../components/playback/SessionTimeline';
import { usePlaybackSession } from '../../components/playback/use-playback-session';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ExportIcon } from '../../components/ui/playback-icons';
import { useCameraList } from '../../hooks/use-cameras';
import { defaultExportRange } from '../../lib/export-list';
import { fromDateInput, toDateInput } from '../../lib/time-format';
import { clampWindow, DAY_MS, type TimeWindow } from '../../lib/timeline-scale';
import { CameraChips } from './CameraChips';
import { historyPath } from './history-path';
import { HistorySidePanel, type HistoryTab } from './HistorySidePanel';

/** The cameras of `?cameras=` that exist, in the list's order; all of them (up to the API's limit) without it. */
function chosenCameras(all: readonly string[], param: string | null): string[] {
  const asked = param ? param.split(',') : [];
  const known = all.filter((camera) => asked.includes(camera));
  return (known.length > 0 ? known : all).slice(0, TIMELINE_MAX_CAMERAS);
}

function HistoryContent({ cameras, selected, at }: { cameras: readonly string[]; selected: string[]; at: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = usePlaybackSession(selected, { camera: selected[0]!, at });
  const [exportRange, setExportRange] = useState<TimeWindow | null>(null);
  const [tab, setTab] = useState<HistoryTab>('review');
  const active = selected.includes(session.activeCamera) ? session.activeCamera : selected[0]!;
  const setCameras = (next: string[]) => {
    if (!next.includes(session.activeCamera)) session.setActiveCamera(next[0]!);
    void navigate(historyPath(next, session.playhead), { replace: true });
  };
  const openReview = (item: ReviewItem) => session.seek(item.camera, item.start);
  const jumpToDay = (value: string) => {
    const midnight = fromDateInput(value);
    if (midnight !== null) session.setWindow(clampWindow({ start: midnight, end: midnight + DAY_MS }, session.bounds));
  };

  return (
    <>
      <PageTitle
        actions={
          <>
            <input
              type="date"
              aria-label={t('history:day')}
              className="h-9 rounded-lg border border-border bg-background px-2 text-sm text-foreground"
              max={toDateInput(session.now)}
              value={toDateInput(session.window.end - 1)}
              onChange={(e) => jumpToDay(e.target.value)}
              data-testid="history-day"
            />
            <Button size="sm" variant={exportRange ? 'primary' : 'secondary'} onClick={() => setExportRange(exportRange ? null : defaultExportRange(session.playhead, session.now))} data-testid="history-export">
              <ExportIcon width={16} height={16} /> {t('history:export.action')}
            </Button>
          </>
        }
      >
        {t('routes.history')}
      </PageTitle>
      <div className="flex flex-col gap-4">
        <CameraChips cameras={cameras} selected={selected} onChange={setCameras} />
        <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
          <div className="flex min-w-0 flex-col gap-3 lg:flex-1">
            <SessionPlayer session={session} withLive={false} onLive={() => void navigate(cameraPath(active))} className="aspect-video w-full rounded-xl" />
            <Card className="p-3! sm:p-4!">
              <SessionTimeline session={session} cameras={selected} selection={exportRange} onSelect={exportRange ? setExportRange : undefined} />
              <QueryStatus query={session.timeline} />
            </Card>
            {exportRange ? (
              <Card title={t('history:export.title')}>
                <ExportForm
                  cameras={selected}
                  initialCameras={[active]}
                  range={exportRange}
                  onRange={setExportRange}
                  now={session.now}
                  onDone={() => {
                    setExportRange(null);
                    setTab('exports');
                  }}
                />
              </Card>
            ) : null}
          </div>
          <HistorySidePanel cameras={selected} tab={tab} onTab={setTab} onOpen={openReview} />
        </div>
      </div>
    </>
  );
}

/** /history: several cameras on one timeline, the recorded player, review and exports. */
export function HistoryView() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const list = useCameraList();
  const names = (list.data ?? []).map((camera) => camera.name);
  const selected = chosenCameras(names, params.get('cameras'));
  const at = Number(params.get('at'));
  if (!list.data) return (<><PageTitle>{t('routes.history')}</PageTitle><QueryStatus query={list} /></>);
  if (selected.length === 0) {
    return (
      <>
        <PageTitle>{t('routes.history')}</PageTitle>
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-foreground-muted" data-testid="history-no-cameras">{t('history:noCameras')}</p>
      </>
    );
  }
  return <HistoryContent cameras={names} selected={selected} at={Number.isFinite(at) && at > 0 ? at : null} />;
}
