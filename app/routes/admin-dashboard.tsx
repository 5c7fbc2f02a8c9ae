import * as Tabs from '@radix-ui/react-tabs';
import { redirect, useNavigate } from 'react-router';
import { AnalyticsTab } from '../components/admin/analytics-tab.tsx';
import { ContentTab } from '../components/admin/content/content-tab.tsx';
import { DashboardHeader } from '../components/admin/dashboard-header.tsx';
import { EnquiriesTab } from '../components/admin/enquiries-tab.tsx';
import { ImagesTab } from '../components/admin/images-tab.tsx';
import { PrivacyTab } from '../components/admin/privacy-tab.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { pageMeta } from '../lib/seo.ts';
import { useStaffPage } from '../lib/staff-session.ts';
import type { Route } from './+types/admin-dashboard';

/**
 * The dashboard's sections. On phones the tab list is two rows of a six-column grid: the first
 * three tabs take two columns each, the last two three each, so both rows are full and every
 * label fits at 320 px.
 */
const sections = [
  { value: 'enquiries', label: 'Enquiries', Panel: EnquiriesTab, phoneSpan: 'col-span-2' },
  { value: 'analytics', label: 'Analytics', Panel: AnalyticsTab, phoneSpan: 'col-span-2' },
  { value: 'images', label: 'Images', Panel: ImagesTab, phoneSpan: 'col-span-2' },
  { value: 'content', label: 'Content', Panel: ContentTab, phoneSpan: 'col-span-3' },
  { value: 'privacy', label: 'Privacy', Panel: PrivacyTab, phoneSpan: 'col-span-3' },
] as const;

type Section = (typeof sections)[number]['value'];

const sectionOf = (param: string | undefined): Section =>
  sections.find((section) => section.value === param?.toLowerCase())?.value ?? 'enquiries';

/** Signed-out visitors are sent to /auth before anything of the dashboard is sent (spec section 6). */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await context.staff.currentUser();
  if (!user) throw redirect('/auth');
  return { user };
}

/** Switching tabs changes only the address; the signed-in user is the query's business. */
export const shouldRevalidate = () => false;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, {
    path: location.pathname,
    title: 'Admin Dashboard',
    description: 'Staff dashboard.',
    noindex: true,
  });

export default function AdminDashboard({ loaderData, params }: Route.ComponentProps) {
  const user = useStaffPage(loaderData.user);
  const navigate = useNavigate();
  const section = sectionOf(params.section);

  if (!user.data) return <Spinner label="Checking your sign-in..." />;
  return (
    <>
      <DashboardHeader user={user.data} />
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        <Tabs.Root
          value={section}
          onValueChange={(value) =>
            void navigate(`/admin/dashboard/${value}`, { replace: true, preventScrollReset: true })
          }
        >
          <Tabs.List
            aria-label="Dashboard sections"
            className="mb-6 grid grid-cols-6 gap-1 rounded-xl bg-slate-200/70 p-1 sm:inline-flex sm:gap-0"
          >
            {sections.map(({ value, label, phoneSpan }) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className={`${phoneSpan} rounded-lg px-2 py-2 text-sm font-semibold text-slate-600 transition hover:text-ink data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm sm:px-4`}
              >
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {sections.map(({ value, Panel }) => (
            <Tabs.Content key={value} value={value} className="focus-visible:outline-none">
              {value === section && <Panel />}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </main>
    </>
  );
}
