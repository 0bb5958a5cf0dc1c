// Types for the two modules the benchmarks use that ship none: what the benchmarks call of them, so `tsc -p bench`
// (npm run typecheck) checks their use too.
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  export default function autocannon(options: {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }): Promise<Result>;
}

declare module '*/tools/build-server.mjs' {
  /** Compiles the server into server/dist when its sources changed (tools/build-server.mjs). */
  export function buildServer(): Promise<void>;
}
