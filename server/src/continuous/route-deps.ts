import type { Clock } from '../lib/clock.js';
import type { Exporter } from './exporter.js';
import type { FootageService } from './footage-service.js';
import type { ReviewIndex } from './review-index.js';
import type { ContinuousSettingsService } from './settings.js';

/** What the 24/7 route files (playback, review, exports) are given by the module. */
export interface ContinuousRouteDeps extends Record<string, unknown> {
  footage: FootageService;
  review: ReviewIndex;
  exporter: Exporter;
  settings: ContinuousSettingsService;
  clock: Clock;
}
