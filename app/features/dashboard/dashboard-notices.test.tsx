// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { StaffUser } from '#common/auth/auth.ts';
import type { InvoicingSettings } from '#common/jobs/invoicing-settings.ts';
import type { WaitingMessages } from '#common/notifications/outbox.ts';
import { answer, everyRequestPending, serveApi } from '#tests/support/api-handlers.ts';
import { domainSettings } from '#tests/support/settings.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { staffUser } from '#tests/support/staff-data.ts';
import '#tests/support/ui-cleanup.ts';
import { DashboardSections } from './dashboard-sections.tsx';

// The panels are pieces of work of their own; here only the notices above them matter.
vi.mock('#app/features/settings/settings-tab.tsx', () => ({ SettingsTab: () => <p>Settings panel</p> }));

const owner = staffUser({ role: 'owner' });
const staff = staffUser({ id: 2, username: 'bob', role: 'staff' });

const invoicing = (vatNumber: string | null): InvoicingSettings => ({
  address: ['1 High Street', 'Romford RM1 1AA'],
  vatNumber,
  vatRatePercent: 20,
  reductionLimitPercent: 10,
});

const noMail: WaitingMessages = {
  mailConfigured: false,
  messages: [
    {
      id: 1,
      kind: 'enquiry-acknowledgement',
      to: 'customer@example.com',
      subject: 'We have your enquiry',
      body: 'Dear Customer',
      createdAt: '2026-11-24T09:30:00.000Z',
      waitingSince: '2026-11-24T09:30:01.000Z',
    },
  ],
};

/** The dashboard at `section` with the invoicing's VAT number and mail waiting unsent; the panels' reads stay on their way. */
function renderDashboard(user: StaffUser, section: string | undefined, vatNumber: string | null = null) {
  const api = serveApi(
    answer('GET /api/settings/:domain', ({ params }) =>
      params.domain === 'invoicing'
        ? { status: 200, body: domainSettings('invoicing', invoicing(vatNumber)) }
        : { status: 404, body: { error: 'Not found' } },
    ),
    answer('GET /api/outbox', { status: 200, body: noMail }),
    everyRequestPending(),
  );
  renderStaffUi(<DashboardSections user={user} section={section} onSectionChange={vi.fn()} />);
  return api;
}

const vatNotice = () =>
  screen.findByRole('region', { name: 'The business’s VAT registration number is not set' });
const mailBanner = () => screen.findByRole('region', { name: 'E-mail is not set up: 1 message is waiting' });

describe('the dashboard’s home', () => {
  it('tells an owner the VAT number is not set, with the way to Settings → Invoicing', async () => {
    renderDashboard(owner, undefined);
    const notice = await vatNotice();
    within(notice).getByText(
      /Invoices and credit notes print “VAT registration number not set” in its place/,
    );
    expect(
      within(notice).getByRole('link', { name: 'Enter it in Settings → Invoicing' }).getAttribute('href'),
    ).toBe('/admin/dashboard/settings#settings-invoicing');
  });

  it('tells staff too, without a link, since only an owner can set it', async () => {
    renderDashboard(staff, 'enquiries');
    const notice = await vatNotice();
    within(notice).getByText(/An owner can enter it in Settings → Invoicing\./);
    expect(within(notice).queryByRole('link')).toBeNull();
  });

  it('says nothing of the VAT number once it is set', async () => {
    const api = renderDashboard(owner, undefined, 'GB 123 4567 89');
    await mailBanner();
    await vi.waitFor(() => expect(api.requests()).toContain('GET /api/settings/invoicing'));
    expect(screen.queryByRole('region', { name: /VAT registration number/ })).toBeNull();
  });

  it('keeps the VAT notice to the home, not the other tabs', async () => {
    const api = renderDashboard(owner, 'settings');
    await mailBanner();
    expect(screen.queryByRole('region', { name: /VAT registration number/ })).toBeNull();
    expect(api.requests()).not.toContain('GET /api/settings/invoicing');
  });
});

describe('the e-mail-not-set-up banner', () => {
  it('shows an owner on the home and the Settings tab', async () => {
    for (const section of [undefined, 'settings']) {
      renderDashboard(owner, section);
      await mailBanner();
      cleanup();
    }
  });

  it('stays off the other tabs', async () => {
    for (const section of ['bookings', 'jobs', 'content', 'account']) {
      const api = renderDashboard(owner, section);
      screen.getByRole('tab', { selected: true, name: /^(Bookings|Jobs|Content|My account)$/ });
      expect(screen.queryByRole('region', { name: /E-mail is not set up/ })).toBeNull();
      expect(api.requests()).not.toContain('GET /api/outbox');
      cleanup();
    }
  });

  it('is not shown to staff, whom the waiting messages are not for', () => {
    const api = renderDashboard(staff, 'settings');
    expect(screen.queryByRole('region', { name: /E-mail is not set up/ })).toBeNull();
    expect(api.requests()).not.toContain('GET /api/outbox');
  });
});
