import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import ToastViewport from '#app/components/ui/toast-viewport.tsx';
import { createQueryClient } from '#app/lib/query-client.ts';
import { useToasts } from '#app/lib/use-toast.ts';
import { toastShown } from './shown-toasts.ts';

/** Notes the toasts a test shows, closed after it so that the next test starts without them. */
function RecordToasts() {
  for (const item of useToasts()) toastShown(item.id);
  return null;
}

/**
 * Renders `element` as the staff pages have it: in a router, with a fresh query cache (optionally
 * filled first) and the toasts. For tests in a browser-like environment (`@vitest-environment
 * happy-dom`), whose requests the API's handlers answer (tests/support/api-handlers.ts).
 */
export function renderStaffUi(
  element: ReactNode,
  {
    prepare,
    route = '/',
  }: { prepare?: (queryClient: ReturnType<typeof createQueryClient>) => void; route?: string } = {},
) {
  const queryClient = createQueryClient();
  prepare?.(queryClient);
  // A data router, as the site's pages have (the root loader's settings fall back to defaults).
  const router = createMemoryRouter(
    [
      {
        path: '/*',
        element: (
          <>
            {element}
            <ToastViewport />
            <RecordToasts />
          </>
        ),
      },
    ],
    { initialEntries: [route] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
