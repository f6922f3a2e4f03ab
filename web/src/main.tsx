import './styles/index.css';
import { earlyPictureShown } from './api/live/live-early';

/**
 * On a camera page opened from nothing, the page's first script plays the camera already (api/live/early-picture.ts);
 * its socket, MediaSource and first frame each need the main thread for a moment, which evaluating and rendering the
 * app would hold for ~0.3 s in one go. So the app starts once that picture shows (or gave up), at most this much later;
 * its code downloads and compiles meanwhile (the early script preloads it). On every other page it starts at once.
 */
const EARLY_PICTURE_WAIT_MS = 400;

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

void earlyPictureShown(EARLY_PICTURE_WAIT_MS)
  .then(() => import('./app/start'))
  .then(({ startApp }) => startApp(container));
