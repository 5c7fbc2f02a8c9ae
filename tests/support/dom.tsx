// Helpers for component tests that run in a simulated browser (`// @vitest-environment happy-dom`):
// the API answered by a stand-in fetch, the query client, and the toasts as plain text.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { createQueryClient } from '#app/lib/query-client.ts';
import { useToasts } from '#app/lib/use-toast.ts';
import { toastShown } from './shown-toasts.ts';

// Tells React that updates are awaited through Testing Library (its own setup does this only when
// the test runner's globals are on, which ours are not).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** An answer of the stand-in API: a status and a JSON body (none for 204). */
export type ApiAnswer = { status: number; body?: unknown; headers?: Record<string, string> };

export type ApiCall = { method: string; path: string; body: unknown };

/**
 * Answers the API's requests by "METHOD /path". A list is answered in turn, its last answer
 * repeated; a request with no answer gets a 500 that names it, so the test fails visibly.
 */
export function mockApi(answers: Record<string, ApiAnswer | ApiAnswer[]>) {
  const queues = new Map(
    Object.entries(answers).map(([request, answer]) => [
      request,
      Array.isArray(answer) ? [...answer] : [answer],
    ]),
  );
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      const queue = queues.get(`${method} ${path}`);
      const answer = queue && (queue.length > 1 ? queue.shift() : queue[0]);
      if (!answer) return Response.json({ error: `No test answer for ${method} ${path}` }, { status: 500 });
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json', ...answer.headers },
      });
    }),
  );
  return {
    calls,
    /** Changes what a request answers from now on. */
    answer: (request: string, answer: ApiAnswer | ApiAnswer[]) =>
      queues.set(request, Array.isArray(answer) ? [...answer] : [answer]),
    /** The requests made as "METHOD /path", in order. */
    requests: () => calls.map(({ method, path }) => `${method} ${path}`),
  };
}

/** The open toasts as text ("Title: description"), for tests to find by role and name. */
function ToastList() {
  const toasts = useToasts().filter((item) => item.open);
  for (const item of toasts) toastShown(item.id);
  return (
    <ul aria-label="Toasts">
      {toasts.map((item) => (
        <li key={item.id}>{item.description ? `${item.title}: ${item.description}` : item.title}</li>
      ))}
    </ul>
  );
}

/** Renders `element` with a query client as the dashboard's, and the toasts beside it. */
export function renderWithQueries(element: ReactNode, queryClient: QueryClient = createQueryClient()) {
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        {element}
        <ToastList />
      </QueryClientProvider>,
    ),
  };
}
