// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, serveApi } from '#tests/support/api-handlers.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { usePageViewTracking } from './page-views.ts';

function Tracked() {
  usePageViewTracking();
  return null;
}

describe('the page-view beacon', () => {
  it('sends a manage link’s route pattern, never its token', async () => {
    const token = 'Zx8_q-3kLm0pQrStUvWxYz0123456789abcdefGHIJK';
    const { calls } = serveApi(answer('POST /api/analytics', { status: 204 }));
    renderStaffUi(<Tracked />, { route: `/bookings/manage/${token}?booked=1` });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/analytics',
      body: { event: 'page_view', path: '/bookings/manage/:token?booked=1' },
    });
    expect(JSON.stringify(calls)).not.toContain(token);
  });
});
