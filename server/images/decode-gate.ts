import { ServiceUnavailableError } from '../http/errors.ts';

export const decodeBusyMessage = 'We are busy processing other pictures. Please try again in a few seconds.';

/**
 * A 503 for a picture that came while the server had as many as it takes at once (the decode
 * queue full, or the uploads' bytes held at their limit): it may be sent again as it is.
 */
export class PicturesBusyError extends ServiceUnavailableError {
  constructor(retryAfterSeconds: number) {
    super(decodeBusyMessage, retryAfterSeconds);
    this.name = 'PicturesBusyError';
  }
}

type DecodeGate = {
  /**
   * Runs `decode` once fewer than `running` decodes are under way, in the order asked; refuses
   * at once (PicturesBusyError) when `waiting` are already queued.
   */
  run<T>(decode: () => Promise<T>): Promise<T>;
  /** Decodes under way and queued now. */
  readonly running: number;
  readonly waiting: number;
};

/** A semaphore for decoding pictures: `running` at once, at most `waiting` in a queue behind them. */
export function createDecodeGate({
  running: runningLimit,
  waiting: waitingLimit,
  retryAfterSeconds,
}: {
  running: number;
  waiting: number;
  retryAfterSeconds: number;
}): DecodeGate {
  let running = 0;
  const queue: (() => void)[] = [];

  /** Hands the finished decode's place to the first in the queue, or gives it back. */
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    async run(decode) {
      if (running < runningLimit) running += 1;
      else if (queue.length >= waitingLimit) throw new PicturesBusyError(retryAfterSeconds);
      else await new Promise<void>((admitted) => queue.push(admitted));
      try {
        return await decode();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}

/**
 * The process's one gate, which every decode of an uploaded picture (site images, the hero, job
 * photos and signatures) goes through. Two at once: the server's two cores, and processing a
 * phone photo takes about 40 MB more resident memory while it lasts, so more at once would not
 * fit beside the server's own. Eight waiting: a queued upload holds its bytes (a phone photo is 2
 * to 5 MB; all uploads held together are kept within 24 MB, upload.ts); the last of them waits
 * four decodes' time, a few seconds; and the fitters' phones send one action at a time, so ten
 * fitters and the office fit. Past that, the sender is asked to come back in 5 s.
 */
export const decodeGateLimits = { running: 2, waiting: 8, retryAfterSeconds: 5 } as const;

export const decodeGate = createDecodeGate(decodeGateLimits);
