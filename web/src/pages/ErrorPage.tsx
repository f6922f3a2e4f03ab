import { RouteErrorScreen } from '../components/layout/RouteErrorScreen';

/** Shown when a screen outside the layout (or the layout itself) fails: a way out instead of a blank page. */
export function ErrorPage() {
  return (
    <main className="min-h-dvh">
      <RouteErrorScreen fullPage />
    </main>
  );
}

/** A page inside the layout failed: the error replaces the page only, so the navigation still works. */
export function PageErrorBoundary() {
  return <RouteErrorScreen fullPage={false} />;
}
