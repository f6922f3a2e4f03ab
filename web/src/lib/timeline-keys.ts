/**
 * The timeline's keyboard (desktop): what a key does, apart from the DOM so it is tested alone.
 * ←/→ move the play head (Shift: ten times as far), +/− zoom around it, PageUp/PageDown page the window,
 * Home/End jump to the oldest footage/now, Space or K play/pause, ,/. a frame back/forward, P/N the
 * previous/next event, ↑/↓ the camera row above/below, L back to live.
 */
export type TimelineKeyAction =
  | { type: 'seekBy'; steps: number }
  | { type: 'zoom'; factor: number }
  | { type: 'page'; direction: 1 | -1 }
  | { type: 'edge'; edge: 'start' | 'end' }
  | { type: 'togglePlay' }
  | { type: 'frame'; direction: 1 | -1 }
  | { type: 'event'; direction: 1 | -1 }
  | { type: 'row'; direction: 1 | -1 }
  | { type: 'live' };

export const ZOOM_STEP = 2;

export function timelineKeyAction(key: string, shift: boolean): TimelineKeyAction | null {
  const far = shift ? 10 : 1;
  switch (key) {
    case 'ArrowLeft':
      return { type: 'seekBy', steps: -far };
    case 'ArrowRight':
      return { type: 'seekBy', steps: far };
    case '+':
    case '=':
      return { type: 'zoom', factor: 1 / ZOOM_STEP };
    case '-':
    case '_':
      return { type: 'zoom', factor: ZOOM_STEP };
    case 'PageUp':
      return { type: 'page', direction: -1 };
    case 'PageDown':
      return { type: 'page', direction: 1 };
    case 'Home':
      return { type: 'edge', edge: 'start' };
    case 'End':
      return { type: 'edge', edge: 'end' };
    case ' ':
    case 'k':
    case 'K':
      return { type: 'togglePlay' };
    case ',':
      return { type: 'frame', direction: -1 };
    case '.':
      return { type: 'frame', direction: 1 };
    case 'p':
    case 'P':
      return { type: 'event', direction: -1 };
    case 'n':
    case 'N':
      return { type: 'event', direction: 1 };
    case 'ArrowUp':
      return { type: 'row', direction: -1 };
    case 'ArrowDown':
      return { type: 'row', direction: 1 };
    case 'l':
    case 'L':
      return { type: 'live' };
    default:
      return null;
  }
}
