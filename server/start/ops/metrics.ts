// What a long run of the backend needs to be watched from outside (bench:soak, an operator):
// memory and event-loop delay of this process, and the database queue. Served on /_ops/metrics to
// the service role only (server/start/ops/index.ts): nothing here is for the app or the public.
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { QueueStats } from '../../db/session-queue';

const MIB = 1024 * 1024;
const round = (n: number, d = 1) => Number(n.toFixed(d));

export type ProcessMetrics = {
  uptimeSeconds: number;
  memoryMiB: { rss: number; heapUsed: number; heapTotal: number; external: number };
  /** Event-loop delay since the previous read (or since start), in ms. */
  eventLoopDelayMs: { p50: number; p99: number; max: number; mean: number };
  queue: QueueStats | null;
};

export class MetricsProbe {
  readonly #histogram: IntervalHistogram;

  constructor(readonly queueStats: () => QueueStats | null) {
    this.#histogram = monitorEventLoopDelay({ resolution: 10 });
    this.#histogram.enable();
  }

  /** The figures now; the event-loop histogram restarts for the next read. */
  read(): ProcessMetrics {
    const m = process.memoryUsage();
    const h = this.#histogram;
    const ms = (ns: number) => round(Number.isFinite(ns) ? ns / 1e6 : 0, 2);
    const out: ProcessMetrics = {
      uptimeSeconds: round(process.uptime(), 0),
      memoryMiB: {
        rss: round(m.rss / MIB),
        heapUsed: round(m.heapUsed / MIB),
        heapTotal: round(m.heapTotal / MIB),
        external: round(m.external / MIB),
      },
      eventLoopDelayMs: {
        p50: ms(h.percentile(50)),
        p99: ms(h.percentile(99)),
        max: ms(h.max),
        mean: ms(h.mean),
      },
      queue: this.queueStats(),
    };
    h.reset();
    return out;
  }

  stop(): void {
    this.#histogram.disable();
  }
}
