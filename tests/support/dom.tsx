// Helpers for component tests that run in a simulated browser (`// @vitest-environment happy-dom`):
// the query client, and the toasts as plain text. The API's handlers: tests/support/api-handlers.ts.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createQueryClient } from '#app/lib/query-client.ts';
import { useToasts } from '#app/lib/use-toast.ts';
import { toastShown } from './shown-toasts.ts';

// Tells React that updates are awaited through Testing Library (its own setup does this only when
// the test runner's globals are on, which ours are not).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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

/** Replaces a field's text as pasting would: at once rather than key by key. */
export async function replaceText(
  user: ReturnType<typeof userEvent.setup>,
  field: HTMLElement,
  text: string,
) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

/** The texts a field's aria-describedby points at, in order: its hint, then its message. */
export const descriptionOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent);
