import type { JobEventInput, JobPaymentInput } from '#common/jobs/jobs.ts';
import { ApiError, apiRequest } from '#app/lib/api.ts';
import type { PhoneStore } from './phone-store.ts';

/** What an action asks of the server: an event, a payment, or a picture to keep. */
export type ActionRequest =
  | { kind: 'event'; body: JobEventInput & { idempotencyKey: string } }
  | { kind: 'payment'; body: JobPaymentInput & { idempotencyKey: string } }
  | { kind: 'file'; fileKind: 'photo' | 'signature'; idempotencyKey: string; picture: Blob };

/**
 * An action the fitter took, kept on the phone until the server has it: sent with its
 * idempotency key as often as it takes, so it is stored exactly once.
 */
export type QueuedAction = {
  key: string;
  jobId: number;
  /** For the list of what is waiting: "ENQ-2611-0042: On my way". */
  reference: string;
  label: string;
  queuedAt: string;
  request: ActionRequest;
  /** The server refused it for good (a 4xx): shown with its reason until the fitter dismisses it. */
  refused?: string;
};

export type QueueState = {
  actions: QueuedAction[];
  /** Sending now. */
  sending: boolean;
  /** Why the last round stopped early: no signal, the server unwell, or signed out. */
  stalled: 'offline' | 'server' | 'signed-out' | null;
};

/** Sends one action; resolves once the server has it (a repeat of its key counts). */
type SendAction = (action: QueuedAction) => Promise<void>;

/** Sends an action through the API as the phone's one way of doing so. */
const sendThroughApi: SendAction = async ({ jobId, request }) => {
  if (request.kind === 'event') await apiRequest('POST', `/api/jobs/${jobId}/events`, request.body);
  else if (request.kind === 'payment') await apiRequest('POST', `/api/jobs/${jobId}/payments`, request.body);
  else {
    const form = new FormData();
    form.set('idempotencyKey', request.idempotencyKey);
    form.set('kind', request.fileKind);
    form.set('image', request.picture, request.fileKind === 'photo' ? 'photo.jpg' : 'signature.png');
    await apiRequest('POST', `/api/jobs/${jobId}/photos`, form);
  }
};

/** Why a failed send stops the round (and the action waits), or null when the server refused it for good. */
function stallOf(error: unknown): QueueState['stalled'] {
  if (!(error instanceof ApiError)) return 'offline';
  if (error.status === 401) return 'signed-out';
  if (error.status >= 500 || error.status === 408 || error.status === 429) return 'server';
  return null;
}

export type ActionQueue = {
  subscribe(listener: () => void): () => void;
  getSnapshot(): QueueState;
  /** Keeps the action on the phone, then tries to send what waits. */
  add(action: Omit<QueuedAction, 'queuedAt'>): Promise<void>;
  /** Sends what waits, in order, until something cannot go; one round at a time. */
  flush(): Promise<void>;
  dismiss(key: string): Promise<void>;
  /** Reads what the phone kept (at start). */
  load(): Promise<void>;
};

/**
 * The queue of one fitter's actions, kept in `store` under `storageKey`. Actions go in the order
 * they were taken; one that cannot go for want of signal stops the round (the next ones depend on
 * it), one the server refuses is set aside with its reason and the round goes on. `onSent` hears
 * when a round sent something (to load the day again), `onSignedOut` when the server answered
 * that the session has ended.
 */
export function createActionQueue({
  store,
  storageKey,
  send = sendThroughApi,
  now = () => new Date(),
  onSent,
  onSignedOut,
}: {
  store: PhoneStore;
  storageKey: string;
  send?: SendAction;
  now?: () => Date;
  onSent?: () => void;
  /** The server answered that the session has ended. */
  onSignedOut?: () => void;
}): ActionQueue {
  let state: QueueState = { actions: [], sending: false, stalled: null };
  const listeners = new Set<() => void>();
  const publish = (next: Partial<QueueState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  const read = async () => (await store.get<QueuedAction[]>(storageKey)) ?? [];
  const change = async (edit: (actions: QueuedAction[]) => QueuedAction[]) => {
    await store.update<QueuedAction[]>(storageKey, (actions) => edit(actions ?? []));
    publish({ actions: await read() });
  };

  let round: Promise<void> | null = null;
  const sendWaiting = async () => {
    publish({ sending: true, stalled: null });
    let sent = false;
    try {
      for (const action of await read()) {
        if (action.refused) continue;
        try {
          await send(action);
          sent = true;
          await change((actions) => actions.filter((entry) => entry.key !== action.key));
        } catch (error) {
          const stalled = stallOf(error);
          if (stalled) {
            publish({ stalled });
            if (stalled === 'signed-out') onSignedOut?.();
            return;
          }
          const reason = error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error);
          await change((actions) =>
            actions.map((entry) => (entry.key === action.key ? { ...entry, refused: reason } : entry)),
          );
        }
      }
    } finally {
      publish({ sending: false });
      if (sent) onSent?.();
    }
  };

  const flush = () => {
    round ??= sendWaiting().finally(() => {
      round = null;
    });
    return round;
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    async add(action) {
      await change((actions) => [...actions, { ...action, queuedAt: now().toISOString() }]);
      // A round already going may have read the list before this action: another follows it.
      await round;
      await flush();
    },
    flush,
    dismiss: (key) => change((actions) => actions.filter((entry) => entry.key !== key)),
    async load() {
      publish({ actions: await read() });
    },
  };
}
