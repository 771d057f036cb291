// What this instance depends on, and which of it readiness follows (docs/decisions/010): a
// dependency shared by every instance (Redis, an S3 bucket) degrades the service but never
// takes the instance out of its load balancer, or one outage would take out the whole fleet.
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from './metrics.ts';

export interface DependencyState {
  /** Records an answer; the gauge follows every call, the log and the counter each change. */
  report(up: boolean, error?: unknown): void;
}

export interface Dependency {
  name: string;
  /** Resolves when the dependency answers; rejects with the reason when it does not. */
  check(): Promise<unknown>;
  /**
   * True when its failure means this instance cannot serve and another one could (its own
   * disk): readiness fails. False for an optional or shared one: readiness says "degraded".
   */
  requiredHere: boolean;
  state: DependencyState;
}

/**
 * The state of one dependency: `dependency_up` follows it, `dependency_outages_total` counts
 * each fall, and one log line marks each change (never one per failed check or retry).
 */
export function trackDependency(
  name: string,
  { metrics, log, whenDown }: { metrics: Metrics; log: FastifyBaseLogger; whenDown: string },
): DependencyState {
  let last: boolean | null = null;
  return {
    report(up, error) {
      metrics.dependencyUp.set({ dependency: name }, up ? 1 : 0);
      if (up === last) return;
      const wasDown = last === false;
      last = up;
      if (!up) {
        metrics.dependencyOutages.inc({ dependency: name });
        log.warn({ dependency: name, err: error }, `${name} unavailable: ${whenDown}`);
      } else if (wasDown) {
        log.info({ dependency: name }, `${name} available again`);
      }
    },
  };
}

/** `promise`, or a rejection naming `what` once `ms` have passed (the timer never holds exit). */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
