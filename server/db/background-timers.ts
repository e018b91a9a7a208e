// Timers of the embedded backend's own periodic work (pruning the sync records, planner
// statistics): they never keep the process alive, and tests pass fake ones.

export type BackgroundTimerOptions = {
  log?: (line: string) => void;
  setTimer?: (fn: () => void, ms: number) => { unref?(): unknown };
  clearTimer?: (handle: unknown) => void;
};

export type BackgroundTimers = {
  /** Runs `fn` once after `ms`, without holding the process open; the handle for `clear`. */
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
};

export function backgroundTimers(opts: BackgroundTimerOptions): BackgroundTimers {
  const setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  return {
    set(fn, ms) {
      const handle = setTimer(fn, ms);
      handle.unref?.();
      return handle;
    },
    clear: opts.clearTimer ?? ((h) => clearTimeout(h as NodeJS.Timeout)),
  };
}
