// @vitest-environment happy-dom
import { useMutation, useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { databaseUnreachableMessage } from '#common/http/outage.ts';
import { answer, serveApi } from '#tests/support/api-handlers.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { apiRequest } from '#app/lib/api.ts';
import { DatabaseUnreachableBanner } from './database-banner.tsx';

function Panel() {
  const enquiries = useQuery<unknown>({ queryKey: ['/api/enquiries'] });
  const save = useMutation({ mutationFn: () => apiRequest('PUT', '/api/enquiries/1/mark-contacted') });
  return (
    <>
      <button type="button" onClick={() => void enquiries.refetch()}>
        Reload
      </button>
      <button type="button" onClick={() => save.mutate()}>
        Save
      </button>
    </>
  );
}

describe('DatabaseUnreachableBanner', () => {
  it('says the database cannot be reached while the API answers so, and goes with the next good answer', async () => {
    const unreachable = { status: 503, body: { error: databaseUnreachableMessage } } as const;
    let reachable = false;
    serveApi(
      answer('GET /api/enquiries', () => (reachable ? { status: 200, body: [] } : unreachable)),
      answer('PUT /api/enquiries/:id/mark-contacted', () => unreachable),
    );
    renderStaffUi(
      <>
        <DatabaseUnreachableBanner />
        <Panel />
      </>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(databaseUnreachableMessage);

    reachable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(databaseUnreachableMessage);
  });

  it('says nothing for other errors', async () => {
    const { calls } = serveApi(
      answer('GET /api/enquiries', {
        status: 500,
        body: { error: 'Something went wrong on our side. Please try again later.' },
      }),
    );
    const { queryClient } = renderStaffUi(
      <>
        <DatabaseUnreachableBanner />
        <Panel />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    // Until the refused answer has been read and drawn (inside Testing Library's act).
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(calls).not.toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
