import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from './lib/runtime-config';
import { sessionStore } from './lib/session';
import { App } from './app/App';
import { initSentry } from './app/sentry';

const loading = loadRuntimeConfig();
// a signed-in reload needs the signed-in chunk and its page's chunk: they load alongside the runtime config, not after
// (asked for after it, so that its request is not queued behind theirs on HTTP/1.1's six connections)
if (sessionStore.get()) void import('./app/SignedIn').then((m) => m.preloadRoute(location.pathname)).catch(() => undefined);
const config = await loading;
initSentry(config);
createRoot(document.getElementById('root')!).render(<App />);
