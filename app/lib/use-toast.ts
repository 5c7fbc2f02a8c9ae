import { useSyncExternalStore } from 'react';

/** At most one toast on screen; a dismissed toast is removed after 1,000,000 ms. */
const toastLimit = 1;
const toastRemoveDelayMs = 1_000_000;

type ToastVariant = 'default' | 'destructive';

type ToastMessage = {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  open: boolean;
};

type Listener = () => void;

let toasts: ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

function publish(next: ToastMessage[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Closes a toast (its exit animation runs), then drops it after the removal delay. */
export function dismissToast(id: number) {
  publish(toasts.map((item) => (item.id === id ? { ...item, open: false } : item)));
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      publish(toasts.filter((item) => item.id !== id));
    }, toastRemoveDelayMs),
  );
}

/** Shows a toast; the newest replaces older ones beyond the limit. */
export function toast({
  title,
  description,
  variant = 'default',
}: {
  title: string;
  description?: string;
  variant?: ToastVariant;
}): number {
  const id = nextId++;
  publish([{ id, title, description, variant, open: true }, ...toasts].slice(0, toastLimit));
  return id;
}

const serverSnapshot: ToastMessage[] = [];

/** The toasts to render (the site's one toast mechanism). */
export function useToasts(): ToastMessage[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => serverSnapshot,
  );
}
