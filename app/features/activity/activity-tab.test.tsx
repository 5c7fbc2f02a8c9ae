// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { activityPageSize, type ActivityEntry } from '#common/accounts/accounts.ts';
import {
  answer,
  pending,
  serveApi,
  type ApiAnswer,
  type ApiCall,
  type ApiReply,
} from '#tests/support/api-handlers.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { staffAccount } from '#tests/support/staff-data.ts';
import { detailWords } from './activity-words.ts';
import { ActivityTab } from './activity-tab.tsx';

/** Test data: an entry of the log, with overrides. */
function activityEntry(overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id: 1,
    occurredAt: '2026-11-23T14:05:09.000Z',
    actor: 'alice',
    actorId: 1,
    kind: 'enquiry-status-changed',
    client: 'a1b2c3',
    target: 'enquiry ENQ-2611-0042',
    detail: { from: 'new', to: 'quoted' },
    ...overrides,
  };
}

/** Entries with ids from `first` down, as a page of the log. */
const page = (first: number, count: number) =>
  Array.from({ length: count }, (_, index) => activityEntry({ id: first - index }));

const accounts = [
  staffAccount({ id: 1, username: 'alice', role: 'owner' }),
  staffAccount({ id: 2, username: 'bob', displayName: 'Bob Taylor' }),
];

/** GET /api/users for the person filter; the log's pages from `log`. */
function serve(log: ApiAnswer<'GET /api/activity'>) {
  return serveApi(answer('GET /api/users', { status: 200, body: accounts }), answer('GET /api/activity', log))
    .calls;
}

const logRequests = (calls: ApiCall[]) =>
  calls.filter((call) => call.path.startsWith('/api/activity')).map((call) => call.path);

describe('ActivityTab', () => {
  it('shows each entry: when (London time), what, who, the target, the detail and the client', async () => {
    serve(() => ({
      status: 200,
      body: [
        activityEntry({
          id: 3,
          actor: 'Bob Taylor',
          actorId: 2,
          kind: 'display-name-changed',
          target: 'account bob',
          detail: { from: null, to: 'Bob Taylor' },
        }),
        activityEntry({ id: 2 }),
        activityEntry({
          id: 1,
          occurredAt: '2026-07-01T08:05:00.000Z',
          kind: 'sign-in-failed',
          actor: null,
          actorId: null,
          target: null,
          detail: {},
          client: null,
        }),
      ],
    }));
    renderStaffUi(<ActivityTab />);
    const list = await screen.findByRole('list', { name: 'Activity, newest first' });
    const [named, first, second] = within(list).getAllByRole('listitem');
    expect(named?.textContent).toBe(
      '23/11/2026, 14:05:09Name changedWho:Bob TaylorTarget:account bobDetail:From none to Bob TaylorClient:a1b2c3',
    );
    expect(first?.textContent).toBe(
      '23/11/2026, 14:05:09Enquiry status changedWho:aliceTarget:enquiry ENQ-2611-0042Detail:From new to quotedClient:a1b2c3',
    );
    expect(second?.textContent).toBe('01/07/2026, 09:05:00Sign-in failedWho:Not signed in');
  });

  it('says each entry’s detail in words, not as its fields', () => {
    expect(detailWords({})).toBe('');
    expect(detailWords({ twoFactor: false })).toBe('With the password alone');
    expect(detailWords({ twoFactor: true })).toBe('With a two-factor code');
    expect(detailWords({ requireTwoFactor: true })).toBe('Two-factor sign-in required of every account');
    expect(detailWords({ role: 'staff' })).toBe('Role: staff');
    expect(detailWords({ domain: 'tyres', version: 3 })).toBe('Tyre prices, version 3');
    expect(detailWords({ version: 12 })).toBe('Version 12');
    expect(detailWords({ sessionsEnded: 2 })).toBe('2 sessions ended');
    expect(detailWords({ status: null, search: true })).toBe('Every status, with a search');
    expect(detailWords({ stock: '4 → 0', hidden: true, reason: 'Sold at the counter' })).toBe(
      'Stock 4 → 0; hidden from customers; reason: Sold at the counter',
    );
    expect(detailWords({ priceOverride: 7_999 })).toBe('Price set to £79.99');
    expect(detailWords({ priceOverride: null })).toBe('Price back to the rules');
    expect(detailWords({ file: 'prices.csv', status: 'done', imported: 300, rejected: 2 })).toBe(
      'Status done; prices.csv, 300 imported, 2 refused',
    );
    expect(detailWords({ tyre: 'Michelin Primacy 4+ 205/55 R16 91V', quantity: 2 })).toBe(
      '2 × Michelin Primacy 4+ 205/55 R16 91V',
    );
    expect(detailWords({ motExpiry: '2027-05-01' })).toBe('MOT expiry 1 May 2027');
    // A key no phrase knows: its words, and its value.
    expect(detailWords({ tyreCount: 3, all: true, note: null })).toBe('Tyre count: 3; all: yes');
  });

  it('asks for the person and the kind chosen in the filters', async () => {
    const calls = serve(() => ({ status: 200, body: [activityEntry()] }));
    renderStaffUi(<ActivityTab />);
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Activity, newest first' });
    const person = screen.getByRole('combobox', { name: 'Person' });
    await waitFor(() =>
      expect(
        within(person)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Everyone', 'alice', 'Bob Taylor']),
    );

    await user.selectOptions(person, 'Bob Taylor');
    await user.selectOptions(screen.getByRole('combobox', { name: 'What' }), 'Signed in');
    await waitFor(() => expect(logRequests(calls)).toHaveLength(3));
    expect(logRequests(calls)).toEqual([
      '/api/activity?limit=50',
      '/api/activity?actor=2&limit=50',
      '/api/activity?actor=2&kind=sign-in&limit=50',
    ]);

    await user.selectOptions(person, 'Everyone');
    await waitFor(() => expect(logRequests(calls).at(-1)).toBe('/api/activity?kind=sign-in&limit=50'));
  });

  it('loads the next page after the last entry shown, one page at a time', async () => {
    let second: (reply: ApiReply<'GET /api/activity'>) => void = () => {};
    const calls = serve(({ query }) =>
      query.has('before')
        ? new Promise((resolve) => (second = resolve))
        : { status: 200, body: page(200, activityPageSize) },
    );
    renderStaffUi(<ActivityTab />);
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Activity, newest first' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);

    const loadMore = screen.getByRole('button', { name: 'Load more' });
    await user.click(loadMore);
    await user.click(loadMore);
    expect(logRequests(calls)).toEqual(['/api/activity?limit=50', '/api/activity?before=151&limit=50']);

    second({ status: 200, body: page(150, 10) });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(60));
    // A short page is the last one.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("says when there is nothing to show, and why the log could not be read, with 'Try again'", async () => {
    let fail = true;
    serve(() =>
      fail ? { status: 500, body: { error: 'Something went wrong' } } : { status: 200, body: [] },
    );
    renderStaffUi(<ActivityTab />);
    const user = userEvent.setup();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load the activity log');
    expect(alert.textContent).toContain('Something went wrong');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('No activity yet');
  });

  it('says it is loading until the first page arrives', async () => {
    serve(pending);
    renderStaffUi(<ActivityTab />);
    expect((await screen.findByRole('status')).textContent).toBe('Loading activity...');
  });
});
