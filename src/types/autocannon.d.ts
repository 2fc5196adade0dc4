/**
 * Types for `autocannon` as `npm run bench` uses it (the package ships none): one run against
 * one URL, awaited as a promise, and the parts of its result the benchmark prints.
 */
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';
    headers?: Record<string, string>;
    body?: string;
    /** Concurrent connections (default 10). */
    connections?: number;
    /** Seconds to run (default 10). */
    duration?: number;
  }

  /** A histogram summary; latencies in milliseconds, requests and bytes per second. */
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
  }

  interface Result {
    latency: Histogram;
    requests: Histogram & { total: number };
    throughput: Histogram & { total: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
