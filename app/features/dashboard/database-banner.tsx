import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { databaseUnreachableMessage } from '#common/http/outage.ts';
import { ApiError } from '#app/lib/api.ts';

const isUnreachable = (error: unknown) =>
  error instanceof ApiError && error.status === 503 && error.serverMessage === databaseUnreachableMessage;

/**
 * Whether the staff area's latest answer (a read or a change) was the API's "database cannot be
 * reached": any later answer that is not clears it.
 */
function databaseUnreachableNow(client: QueryClient): boolean {
  let latest = 0;
  let unreachable = false;
  const answered = (at: number, error: unknown) => {
    if (at < latest) return;
    latest = at;
    unreachable = isUnreachable(error);
  };
  for (const { state } of client.getQueryCache().getAll()) {
    if (state.dataUpdatedAt > 0) answered(state.dataUpdatedAt, null);
    if (state.errorUpdatedAt > 0 && state.errorUpdatedAt >= state.dataUpdatedAt) {
      answered(state.errorUpdatedAt, state.error);
    }
  }
  for (const { state } of client.getMutationCache().getAll()) {
    if (state.status === 'success' || state.status === 'error') answered(state.submittedAt, state.error);
  }
  return unreachable;
}

/**
 * Above every staff page: says plainly that the database cannot be reached while the API answers
 * so, instead of leaving each panel to show its own error; gone with the next good answer.
 */
export function DatabaseUnreachableBanner() {
  const client = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const queries = client.getQueryCache().subscribe(onChange);
      const mutations = client.getMutationCache().subscribe(onChange);
      return () => {
        queries();
        mutations();
      };
    },
    [client],
  );
  const unreachable = useSyncExternalStore(
    subscribe,
    () => databaseUnreachableNow(client),
    () => false,
  );
  if (!unreachable) return null;
  return (
    <div
      role="alert"
      className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-center font-medium text-amber-900"
    >
      {databaseUnreachableMessage}
    </div>
  );
}
