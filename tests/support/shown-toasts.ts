import { dismissToast } from '#app/lib/use-toast.ts';

/** The toasts the component tests rendered, closed after each test (tests/support/ui-cleanup.ts). */
const shownToasts = new Set<number>();

/** Notes a toast a test rendered. */
export function toastShown(id: number) {
  shownToasts.add(id);
}

/** Closes the toasts noted since the last call, so that the next test starts without them. */
export function closeShownToasts() {
  for (const id of shownToasts) dismissToast(id);
  shownToasts.clear();
}
