import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from './lib/runtime-config';
import { App } from './app/App';
import { initSentry } from './app/sentry';

const config = await loadRuntimeConfig();
initSentry(config);
createRoot(document.getElementById('root')!).render(<App />);
