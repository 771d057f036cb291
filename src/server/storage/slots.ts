// A fixed number of places, for work that holds memory while it runs (an upload being sent to
// S3 holds its file): a caller takes one, or waits in line a bounded time for one to free.

export interface Slots {
  /** Resolves true with a place taken, or false when none freed within the wait. */
  take(): Promise<boolean>;
  /** Gives back a place taken: to the first caller in line, else to the pool. */
  give(): void;
  /** Places taken now. */
  readonly taken: number;
}

/** `size` places; a caller waits at most `waitMs` for one, in the order they came. */
export function slots(size: number, waitMs: number): Slots {
  let taken = 0;
  const line: (() => void)[] = [];
  return {
    take() {
      if (taken < size) {
        taken++;
        return Promise.resolve(true);
      }
      return new Promise<boolean>((resolve) => {
        const grant = () => {
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          line.splice(line.indexOf(grant), 1);
          resolve(false);
        }, waitMs);
        line.push(grant);
      });
    },
    give() {
      // The place passes to the first in line as it is: taken stays the same.
      const next = line.shift();
      if (next) next();
      else taken--;
    },
    get taken() {
      return taken;
    },
  };
}
