import { lazy, Suspense } from 'react';
import { useToasts } from '#app/lib/use-toast.ts';

const loadViewport = () => import('./toast-viewport.tsx');
const ToastViewport = lazy(loadViewport);

/**
 * Starts loading the toast code ahead of need (when a form is first touched), so the toast that
 * answers a submission shows without waiting for it.
 */
export function preloadToaster() {
  void loadViewport();
}

/**
 * Where toasts appear. Most visits never see one, so the Radix code behind them is not part of
 * the page's scripts: it is fetched when the first toast is shown, or earlier by preloadToaster.
 */
export function Toaster() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  );
}
