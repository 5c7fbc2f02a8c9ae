import * as Toast from '@radix-ui/react-toast';
import { dismissToast, useToasts } from '#app/lib/use-toast.ts';
import { CloseIcon } from './icons.tsx';

/** Toasts are shown for 5000 ms, swiped away after 50 px, F8 jumps to the toasts. */
const toastDurationMs = 5000;
const swipeThresholdPx = 50;

/**
 * Renders the toasts of `use-toast.ts` with Radix Toast (loaded on demand, see `toaster.tsx`):
 * announced to screen readers (politely, or at once for errors), paused while hovered or
 * focused, dismissed by swipe, Escape or the close button.
 */
export default function ToastViewport() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={toastDurationMs} swipeThreshold={swipeThresholdPx} swipeDirection="right">
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          className={`pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg ${
            item.variant === 'destructive'
              ? 'border-red-800 bg-red-700 text-white'
              : 'border-slate-200 border-l-4 border-l-brand bg-white text-ink'
          }`}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
            {item.description && (
              <Toast.Description className="text-sm opacity-90">{item.description}</Toast.Description>
            )}
          </div>
          <Toast.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 transition hover:opacity-100 focus:opacity-100 focus:outline-none focus:ring-2 focus:ring-current"
          >
            <CloseIcon className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]" />
    </Toast.Provider>
  );
}
