import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { earlyPictureOnScreen } from '../api/live/live-early';
import { App } from './App';
import { createAppRouter } from './router';
import { createRuntime } from './runtime';

/** Builds the app's long-lived objects (the one place they are built; everything else receives them) and renders. */
export function startApp(container: HTMLElement): void {
  const runtime = createRuntime({ storage: localStorage, document, window });
  const router = createAppRouter(runtime);
  createRoot(container).render(
    <StrictMode>
      <App runtime={runtime} router={router} withoutSplash={earlyPictureOnScreen()} />
    </StrictMode>,
  );
  runtime.startPwa();
}
