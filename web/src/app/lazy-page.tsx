import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

// antd's Spin comes with the first page that has to wait for its chunk: /login itself never waits
const Spin = lazy(() => import('antd/es/spin'));

export const PageSpin = () => (
  <Suspense fallback={null}>
    <Spin style={{ display: 'block', margin: '80px auto' }} />
  </Suspense>
);

/** A page in a chunk of its own, with a spinner while it loads. */
export const page = (load: () => Promise<{ default: ComponentType }>): ReactNode => {
  const C = lazy(load);
  return (
    <Suspense fallback={<PageSpin />}>
      <C />
    </Suspense>
  );
};
