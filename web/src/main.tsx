import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/index.css';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { createRuntime } from './app/runtime';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The one place the app's long-lived objects are built; everything else receives them.
const runtime = createRuntime({ storage: localStorage, document, window });
const router = createAppRouter(runtime);

createRoot(container).render(
  <StrictMode>
    <App runtime={runtime} router={router} />
  </StrictMode>,
);
runtime.startPwa();
