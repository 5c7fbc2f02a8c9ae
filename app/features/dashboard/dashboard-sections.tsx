import * as Tabs from '@radix-ui/react-tabs';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { staffRoles, type StaffRole } from '#common/accounts/accounts.ts';
import type { StaffUser } from '#common/auth/auth.ts';
import { buttonClass } from '#app/components/ui/button.tsx';
import { ArrowRightIcon } from '#app/components/ui/icons.tsx';
import { AccountTab } from '#app/features/account/index.ts';
import { ActivityTab } from '#app/features/activity/index.ts';
import { AnalyticsTab } from '#app/features/analytics/index.ts';
import { BookingsTab } from '#app/features/bookings/dashboard/index.ts';
import { ContentTab } from '#app/features/site-content/editor/index.ts';
import { EnquiriesTab } from '#app/features/enquiries/dashboard/index.ts';
import { ImagesTab } from '#app/features/images/index.ts';
import { JobsTab } from '#app/features/jobs/dashboard/index.ts';
import { UnreadTextsCount } from '#app/features/messages/dashboard/index.ts';
import { PrivacyTab } from '#app/features/privacy/index.ts';
import { RemindersTab } from '#app/features/reminders/dashboard/index.ts';
import { SettingsTab } from '#app/features/settings/index.ts';
import { StaffTab } from '#app/features/staff/index.ts';
import { TyresTab } from '#app/features/tyres/dashboard/index.ts';
import { VatNumberNotice } from './vat-number-notice.tsx';
import { WaitingMailBanner } from './waiting-mail-banner.tsx';

type PanelProps = { user: StaffUser };

/** Who opens a section: the office (owners and staff), owners alone, or everyone, fitters too. */
const office: readonly StaffRole[] = ['owner', 'staff'];
const owners: readonly StaffRole[] = ['owner'];
const everyone: readonly StaffRole[] = staffRoles;

/** Jobs shows owners the takings as well. */
const JobsPanel = ({ user }: PanelProps) => <JobsTab role={user.role} />;
/** Reminders gives owners the button that sends the due ones at once. */
const RemindersPanel = ({ user }: PanelProps) => <RemindersTab role={user.role} />;

/**
 * The dashboard's sections, in order. Staff and Activity are an owner's alone; fitters have their
 * own page (My jobs) and open only My account here.
 */
const sections = [
  { value: 'enquiries', label: 'Enquiries', Panel: EnquiriesTab, roles: office },
  { value: 'bookings', label: 'Bookings', Panel: BookingsTab, roles: office },
  { value: 'jobs', label: 'Jobs', Panel: JobsPanel, roles: office },
  { value: 'reminders', label: 'Reminders', Panel: RemindersPanel, roles: office },
  { value: 'tyres', label: 'Tyres', Panel: TyresTab, roles: office },
  { value: 'analytics', label: 'Analytics', Panel: AnalyticsTab, roles: office },
  { value: 'images', label: 'Images', Panel: ImagesTab, roles: office },
  { value: 'content', label: 'Content', Panel: ContentTab, roles: office },
  { value: 'settings', label: 'Settings', Panel: SettingsTab, roles: office },
  { value: 'privacy', label: 'Privacy', Panel: PrivacyTab, roles: office },
  { value: 'staff', label: 'Staff', Panel: StaffTab, roles: owners },
  { value: 'activity', label: 'Activity', Panel: ActivityTab, roles: owners },
  { value: 'account', label: 'My account', Panel: AccountTab, roles: everyone },
] as const satisfies readonly {
  value: string;
  label: string;
  Panel: ComponentType<PanelProps>;
  roles: readonly StaffRole[];
}[];

type DashboardSection = (typeof sections)[number]['value'];

/** The sections a role may open (the server refuses the others' requests anyway). */
export const sectionsFor = (role: StaffRole) => sections.filter((section) => section.roles.includes(role));

/**
 * The section an address names, when this role may open it; else the role's first (Enquiries for
 * the office, My account for a fitter). `?vehicle=AB12CDE`, which the diary's booking cards link
 * to, opens Jobs with that vehicle's history.
 */
export function sectionOf(
  param: string | undefined,
  role: StaffRole,
  search: URLSearchParams = new URLSearchParams(),
): DashboardSection {
  const visible = sectionsFor(role);
  const asked = search.has('vehicle') ? 'jobs' : param?.toLowerCase();
  return (visible.find((section) => section.value === asked) ?? visible[0]!).value;
}

/**
 * Below `xl` (phones, tablets and small laptops) the tab list is a six-column grid of rows of three
 * (two columns each). A last row of two takes three columns each, a last one alone all six, so
 * every row is full: staff's 11 tabs make four rows, an owner's 13 five (the last one tab). At
 * 320 px a two-column tab is 92 px wide, room for the longest label ("My account", 80 px in Inter
 * semibold) with its padding. From `xl` up (1280 px) the tabs sit in one line: an owner's thirteen
 * need about 1,030 px with `xl`'s padding, within the 1,232 px there are at 1280 px.
 */
export function phoneSpan(index: number, count: number): string {
  const leftOver = count % 3;
  if (leftOver === 0 || index < count - leftOver) return 'col-span-2';
  return leftOver === 2 ? 'col-span-3' : 'col-span-6';
}

type DashboardSectionsProps = {
  user: StaffUser;
  /** The `:section` of the address. */
  section: string | undefined;
  onSectionChange: (section: DashboardSection) => void;
};

/** A fitter's dashboard: the way to their jobs, above their account. */
function FitterAccount() {
  return (
    <div className="grid gap-6">
      <div className="flex max-w-3xl flex-wrap items-center justify-between gap-3 rounded-xl border border-brand bg-brand-light p-4">
        <p className="text-sm text-ink">
          <span className="font-semibold">Your jobs are on My jobs:</span> each day’s jobs, and what you do on
          each.
        </p>
        {/* A whole page load: My jobs is a page of its own, made for the fitter's phone. */}
        <a href="/admin/jobs" className={buttonClass('dark', 'compact')}>
          Open My jobs
          <ArrowRightIcon className="size-4" />
        </a>
      </div>
      <AccountTab />
    </div>
  );
}

/**
 * The tab list and the open section's panel, with what needs doing about how the business runs
 * above them on the home (the role's first section): the e-mails waiting while e-mail is not set
 * up (owners', also on Settings, where it is put right) and a VAT number not yet set. Until an account that must use two-factor sign-in
 * has set it up, the server refuses everything else, so only My account is shown; fitters see
 * only My account, with the way to My jobs.
 */
export function DashboardSections({ user, section, onSectionChange }: DashboardSectionsProps) {
  const [search] = useSearchParams();
  if (user.twoFactorSetupRequired) return <AccountTab />;
  if (user.role === 'fitter') return <FitterAccount />;
  const visible = sectionsFor(user.role);
  const current = sectionOf(section, user.role, search);
  const home = current === visible[0]!.value;
  return (
    <Tabs.Root value={current} onValueChange={(value) => onSectionChange(value as DashboardSection)}>
      {/* What needs doing about how the business runs: on the home and where it is put right. */}
      {user.role === 'owner' && (home || current === 'settings') && <WaitingMailBanner />}
      {home && <VatNumberNotice role={user.role} />}
      <Tabs.List
        aria-label="Dashboard sections"
        className="mb-6 grid grid-cols-6 gap-0.5 rounded-xl bg-slate-200/70 p-1 xl:inline-flex xl:gap-0"
      >
        {visible.map(({ value, label }, index) => (
          <Tabs.Trigger
            key={value}
            value={value}
            className={`${phoneSpan(index, visible.length)} rounded-lg px-1 py-2 text-sm font-semibold whitespace-nowrap text-slate-600 transition hover:text-ink data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm xl:px-3 2xl:px-4`}
          >
            {label}
            {/* The customers' texts not yet read are answered from the Enquiries tab. */}
            {value === 'enquiries' && <UnreadTextsCount />}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {visible.map(({ value, Panel }: { value: DashboardSection; Panel: ComponentType<PanelProps> }) => (
        <Tabs.Content key={value} value={value} className="focus-visible:outline-none">
          {value === current && <Panel user={user} />}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
