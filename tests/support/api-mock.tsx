import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import ToastViewport from '#app/components/ui/toast-viewport.tsx';
import { createQueryClient } from '#app/lib/query-client.ts';
import { useToasts } from '#app/lib/use-toast.ts';
import { toastShown } from './shown-toasts.ts';

/** A request the component made: its method, path with query, and JSON body (a form's fields, for multipart). */
export type ApiCall = { method: string; path: string; body: unknown };
export type ApiAnswer = { status: number; body?: unknown };

/**
 * Answers the component's API requests (through `fetch`) with `answer`, and records them. For
 * tests in a browser-like environment (`@vitest-environment happy-dom`). `delayMs` holds each
 * answer back as a network would (past what the page does at once, such as a dialog closing).
 */
export function mockApi(
  answer: (call: ApiCall) => ApiAnswer | Promise<ApiAnswer>,
  { delayMs = 0 }: { delayMs?: number } = {},
): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        path: String(input),
        body:
          typeof init.body === 'string'
            ? (JSON.parse(init.body) as unknown)
            : init.body instanceof FormData
              ? Object.fromEntries(init.body.entries())
              : undefined,
      };
      calls.push(call);
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const { status, body } = await answer(call);
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** An answer that never comes (a request still on its way). */
export const pending = () => new Promise<ApiAnswer>(() => {});

/** Notes the toasts a test shows, closed after it so that the next test starts without them. */
function RecordToasts() {
  for (const item of useToasts()) toastShown(item.id);
  return null;
}

/**
 * Renders `element` as the staff pages have it: in a router, with a fresh query cache (optionally
 * filled first) and the toasts.
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
