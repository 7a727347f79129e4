/** The part of autocannon's API the benches use (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      headers?: Record<string, string>;
      /** Per-request setup (bench/snap.bench.ts signs every request afresh). */
      requests?: Array<{
        setupRequest?: (request: Record<string, unknown>) => Record<string, unknown>;
      }>;
      setupClient?: (client: { on(event: 'body', listener: (body: Buffer) => void): void }) => void;
    }
    interface Histogram {
      average: number;
      total: number;
      p50: number;
      p99: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      throughput: Histogram;
      non2xx: number;
      errors: number;
      timeouts: number;
    }
  }
  function autocannon(
    options: autocannon.Options,
    done: (error: Error | null, result: autocannon.Result) => void,
  ): unknown;
  export default autocannon;
}
