import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CamviewGrid } from '../../components/camview/CamviewGrid';
import { selectFavourites } from '../../lib/favourites';
import { FavouritesDialog } from '../../components/camview/FavouritesDialog';
import { cn } from '../../components/ui/cn';
import { ExitFullscreenIcon, FullscreenIcon, ReloadIcon, StarIcon } from '../../components/ui/media-icons';
import { CameraListState } from '../../components/cameras/CameraListState';
import { useCameraList } from '../../hooks/use-cameras';
import { useCamviewFavourites } from '../../hooks/use-camview-favourites';
import { useCamviewLayout } from '../../hooks/use-camview-layout';
import { useFullscreen } from '../../hooks/use-fullscreen';

const toolButton = 'inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-sm text-foreground-muted hover:bg-muted hover:text-foreground';

/** /camview: the favourite cameras (all until chosen) in one grid laid out by count; tiles move and resize, layouts are kept per count. */
export function CamviewView() {
  const { t } = useTranslation();
  const cameras = useCameraList();
  const { favourites, save } = useCamviewFavourites();
  const [choosing, setChoosing] = useState(false);
  const all = cameras.data ?? [];
  const list = selectFavourites(all, favourites);
  const { layout, update, reset } = useCamviewLayout(list.map((camera) => camera.name));
  const { ref: screenRef, fullscreen, toggle: toggleFullscreen } = useFullscreen<HTMLDivElement>();

  return (
    <div className="flex h-[calc(100dvh-3.75rem)] min-h-80 flex-col gap-2">
      <div className="flex items-center gap-2">
        <h1 data-testid="page-title" className="flex-1 truncate text-base font-semibold text-foreground">
          {t('routes.camview')}
        </h1>
        <button type="button" className={toolButton} onClick={() => setChoosing(true)} data-testid="camview-choose" disabled={all.length === 0}>
          <StarIcon width={16} height={16} />
          <span className="hidden sm:inline">{t('cameras:camview.choose')}</span>
        </button>
        <button type="button" className={toolButton} onClick={reset} data-testid="camview-reset" disabled={list.length === 0}>
          <ReloadIcon width={16} height={16} />
          <span className="hidden sm:inline">{t('cameras:camview.reset')}</span>
        </button>
        <button
          type="button"
          className={toolButton}
          onClick={() => toggleFullscreen()}
          aria-label={fullscreen ? t('cameras:player.exitFullscreen') : t('cameras:player.fullscreen')}
          data-testid="camview-fullscreen"
        >
          {fullscreen ? <ExitFullscreenIcon width={16} height={16} /> : <FullscreenIcon width={16} height={16} />}
        </button>
      </div>
      <CameraListState cameras={cameras} emptyTestId="camview-empty" />
      {choosing ? <FavouritesDialog cameras={all} shown={list} onSave={save} onClose={() => setChoosing(false)} /> : null}
      <div ref={screenRef} className={cn('@container min-h-0 flex-1 overflow-y-auto', fullscreen && 'bg-background p-1')}>
        {list.length > 0 ? <CamviewGrid cameras={list} layout={layout} onChange={update} /> : null}
      </div>
    </div>
  );
}
