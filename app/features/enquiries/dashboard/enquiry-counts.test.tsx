// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { countsOfList, enquiryStatuses, type EnquiryStatus } from '#common/enquiries/status.ts';
import { answer, serveApi } from '#tests/support/api-handlers.ts';
import { enquiry } from '#tests/support/enquiry-data.tsx';
import { textsAnswers } from '#tests/support/texts-data.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { EnquiriesTab } from './enquiries-tab.tsx';

/** Enquiries in every status, more than one in some; ids newest first as the list has them. */
const statuses: EnquiryStatus[] = [...enquiryStatuses, 'new', 'contacted', 'contacted', 'quoted'];
const everyEnquiry = statuses.map((status, index) =>
  enquiry({
    id: statuses.length - index,
    name: `Customer ${index + 1}`,
    status,
    contacted: status !== 'new',
  }),
);

/** The list and the counts as the API answers them: the list filtered by its `status`. */
function serveEnquiries() {
  serveApi(
    answer('GET /api/enquiries', ({ query }) => {
      const status = query.get('status');
      return { status: 200, body: everyEnquiry.filter((entry) => !status || entry.status === status) };
    }),
    answer('GET /api/enquiries/counts', { status: 200, body: countsOfList(everyEnquiry) }),
    ...textsAnswers({ configured: false }),
  );
}

/** The number a count card shows. */
const cardNumber = (label: string) =>
  Number(screen.getByText(label, { selector: 'p' }).nextElementSibling?.textContent);

describe('the count cards and the status chips', () => {
  it.each([
    ['Total Enquiries', 'All', 10],
    ['New Enquiries', 'New', 2],
    ['Contacted', 'Contacted', 3],
  ])('the %s card shows as many as the %s chip lists', async (label, chip, expected) => {
    serveEnquiries();
    renderStaffUi(<EnquiriesTab />);
    await waitFor(() => expect(cardNumber(label)).toBe(expected));
    // Away from the chip first, so that pressing it loads its list.
    await userEvent.click(screen.getByRole('button', { name: /^Closed/ }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: new RegExp(`^${chip} \\d+$`) }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(cardNumber(label)));
    expect(screen.getByRole('button', { name: new RegExp(`^${chip} `) }).textContent).toBe(
      `${chip}${expected}`,
    );
  });
});
