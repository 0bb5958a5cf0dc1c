import { lazy, Suspense, type ComponentType, type ReactElement, type ReactNode } from 'react';

// antd's Spin comes with the first page that has to wait for its chunk: /login itself never waits
const Spin = lazy(() => import('antd/es/spin'));

export const PageSpin = () => (
  <Suspense fallback={null}>
    <Spin style={{ display: 'block', margin: '80px auto' }} />
  </Suspense>
);

/** Each page element's chunk loader, so a route's chunk can be fetched before the route renders (preloadElement). */
const loaders = new WeakMap<object, () => Promise<unknown>>();

/** A page in a chunk of its own, with a spinner while it loads. */
export const page = (load: () => Promise<{ default: ComponentType }>): ReactElement => {
  const C = lazy(load);
  const element = (
    <Suspense fallback={<PageSpin />}>
      <C />
    </Suspense>
  );
  loaders.set(element, load);
  return element;
};

/**
 * Starts loading the chunk of a route's page element (or of the page a guard wraps); the module cache keeps it, so the
 * page's lazy() finds it loaded. A failure is left to the route itself, which shows it when the page is opened.
 */
export function preloadElement(element: ReactNode): void {
  if (!element || typeof element !== 'object' || !('props' in element)) return;
  const load = loaders.get(element);
  if (load) void load().catch(() => undefined);
  else preloadElement((element.props as { children?: ReactNode }).children);
}

/**
 * Runs `task` `delay` ms from now, once the browser has nothing else to do then. The delay keeps it off the screen being
 * opened: the browser is "idle" while that screen waits for its data, and a chunk evaluated then delays its render.
 */
export function later(task: () => void, delay: number): () => void {
  let idle: number | undefined;
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(task, { timeout: 2000 });
    else task();
  }, delay);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}
