import * as Tabs from '@radix-ui/react-tabs';
import type { StaffRole } from '#common/accounts/accounts.ts';
import type { StaffUser } from '#common/auth/auth.ts';
import { AccountTab } from '#app/features/account/index.ts';
import { ActivityTab } from '#app/features/activity/index.ts';
import { AnalyticsTab } from '#app/features/analytics/index.ts';
import { BookingsTab } from '#app/features/bookings/dashboard/index.ts';
import { ContentTab } from '#app/features/site-content/editor/index.ts';
import { EnquiriesTab } from '#app/features/enquiries/dashboard/index.ts';
import { ImagesTab } from '#app/features/images/index.ts';
import { PrivacyTab } from '#app/features/privacy/index.ts';
import { StaffTab } from '#app/features/staff/index.ts';
import { TyresTab } from '#app/features/tyres/dashboard/index.ts';

/** The dashboard's sections, in order; Staff and Activity are an owner's alone. */
const sections = [
  { value: 'enquiries', label: 'Enquiries', Panel: EnquiriesTab, ownersOnly: false },
  { value: 'bookings', label: 'Bookings', Panel: BookingsTab, ownersOnly: false },
  { value: 'tyres', label: 'Tyres', Panel: TyresTab, ownersOnly: false },
  { value: 'analytics', label: 'Analytics', Panel: AnalyticsTab, ownersOnly: false },
  { value: 'images', label: 'Images', Panel: ImagesTab, ownersOnly: false },
  { value: 'content', label: 'Content', Panel: ContentTab, ownersOnly: false },
  { value: 'privacy', label: 'Privacy', Panel: PrivacyTab, ownersOnly: false },
  { value: 'staff', label: 'Staff', Panel: StaffTab, ownersOnly: true },
  { value: 'activity', label: 'Activity', Panel: ActivityTab, ownersOnly: true },
  { value: 'account', label: 'My account', Panel: AccountTab, ownersOnly: false },
] as const;

export type DashboardSection = (typeof sections)[number]['value'];

/** The sections a role may open (the server refuses the others' requests anyway). */
export const sectionsFor = (role: StaffRole) =>
  sections.filter((section) => role === 'owner' || !section.ownersOnly);

/** The section an address names, when this role may open it; else Enquiries. */
export const sectionOf = (param: string | undefined, role: StaffRole): DashboardSection =>
  sectionsFor(role).find((section) => section.value === param?.toLowerCase())?.value ?? 'enquiries';

/**
 * On phones and tablets the tab list is a six-column grid of rows of three (two columns each). A
 * last row of two takes three columns each, a last one alone all six, so every row is full: staff's
 * 8 tabs make three rows, an owner's 10 make four. At 320 px a two-column tab is 92 px wide, room
 * for the longest label ("My account", 80 px in Inter semibold) with its padding. From `lg` up
 * (1024 px) the tabs sit in one line: an owner's ten need about 890 px, more than `md` leaves.
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

/**
 * The tab list and the open section's panel. Until an account that must use two-factor sign-in
 * has set it up, the server refuses everything else, so only My account is shown.
 */
export function DashboardSections({ user, section, onSectionChange }: DashboardSectionsProps) {
  if (user.twoFactorSetupRequired) return <AccountTab />;
  const visible = sectionsFor(user.role);
  const current = sectionOf(section, user.role);
  return (
    <Tabs.Root value={current} onValueChange={(value) => onSectionChange(value as DashboardSection)}>
      <Tabs.List
        aria-label="Dashboard sections"
        className="mb-6 grid grid-cols-6 gap-0.5 rounded-xl bg-slate-200/70 p-1 lg:inline-flex lg:gap-0"
      >
        {visible.map(({ value, label }, index) => (
          <Tabs.Trigger
            key={value}
            value={value}
            className={`${phoneSpan(index, visible.length)} rounded-lg px-1 py-2 text-sm font-semibold whitespace-nowrap text-slate-600 transition hover:text-ink data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm lg:px-4`}
          >
            {label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {visible.map(({ value, Panel }) => (
        <Tabs.Content key={value} value={value} className="focus-visible:outline-none">
          {value === current && <Panel />}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
