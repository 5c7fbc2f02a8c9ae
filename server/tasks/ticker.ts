/**
 * When the runner next looks for work (reads the records and starts what is due or asked for):
 * one look at a time, the soonest wake-up asked for wins, and one asked during a look makes one
 * more look after it.
 */
type Ticker = {
  /** The next look in `delayMs`, unless one is due sooner already; none after `stop`. */
  wakeIn(delayMs: number): void;
  readonly stopped: boolean;
  /** No more looks: the one under way, if any, still ends (`idle`). */
  stop(): void;
  /** Resolves when the look under way, if any, has ended. */
  idle(): Promise<void>;
};

export function createTicker(look: () => Promise<void>): Ticker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;
  let ticking: Promise<void> | null = null;
  let tickAgain = false;

  function wakeIn(delayMs: number) {
    if (stopped || delayMs === Infinity) return;
    const at = Date.now() + Math.max(0, delayMs);
    if (timer && timerAt <= at) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(tick, Math.max(0, delayMs));
    timer.unref();
  }

  function tick() {
    timer = undefined;
    timerAt = Infinity;
    if (stopped) return;
    if (ticking) {
      tickAgain = true;
      return;
    }
    ticking = look().finally(() => {
      ticking = null;
      if (tickAgain) {
        tickAgain = false;
        wakeIn(0);
      }
    });
  }

  return {
    wakeIn,
    get stopped() {
      return stopped;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
    async idle() {
      await ticking;
    },
  };
}
