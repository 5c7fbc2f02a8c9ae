import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import type { StaffUser } from '#common/auth/auth.ts';
import { mayChangeSettings, type DomainSettings, type SettingsDomain } from '#common/settings/domains.ts';
import { londonDate } from '#common/time/london.ts';
import { LoadFailure } from '#app/components/ui/load-failure.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { usePublishedSiteContent } from '#app/features/site-content/editor/index.ts';
import { messageOf } from '#app/lib/api.ts';
import { BookingSection } from './booking-section.tsx';
import { InvoicingSection } from './invoicing-section.tsx';
import { usePaymentsStatus } from '#app/features/payments/index.ts';
import { useMessagesStatus } from '#app/features/messages/dashboard/index.ts';
import { useSiteSettings } from '#app/features/site-content/index.ts';
import type { RootData } from '#app/lib/root-data.ts';
import { MessagesSection, TextsConfigured } from './messages-section.tsx';
import { depositServicesOf, PaymentsConfigured, PaymentsSection } from './payments-section.tsx';
import { RemindersSection } from './reminders-section.tsx';
import { SettingsForm } from './settings-form.tsx';
import { useDomainSettings } from './settings-queries.ts';
import { SettingsSection } from './settings-section.tsx';
import { TyrePricesForm } from './tyre-prices-form.tsx';
import { useVehicleDataStatus } from '#app/features/vehicles/index.ts';
import { useFitters } from '#app/lib/use-fitters.ts';
import { VehicleServices, VehiclesSection } from './vehicles-section.tsx';
import { RoutingServices, useRoutingStatus } from './routing-services.tsx';
import { onSiteServicesOf } from './routes-draft.ts';
import { RoutesSection } from './routes-section.tsx';

/** A domain's settings once read; else the spinner or what went wrong, with a retry. */
function Loaded<Domain extends SettingsDomain>({
  query,
  what,
  children,
}: {
  query: ReturnType<typeof useDomainSettings<Domain>>;
  what: string;
  children: (current: NonNullable<typeof query.data>) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={`Loading the ${what}…`} />;
  if (query.isError) {
    return (
      <LoadFailure
        title={`The ${what} could not be loaded`}
        detail={messageOf(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <>{children(query.data)}</>;
}

/**
 * One domain's card: its settings read, then its form, made anew for each version read so that
 * what someone else saved replaces the draft.
 */
function DomainSection<Domain extends SettingsDomain>({
  domain,
  title,
  lead,
  what,
  form,
}: {
  domain: Domain;
  title: string;
  lead: string;
  /** The settings as the loading and failure messages name them: "booking settings". */
  what: string;
  form: (current: DomainSettings<Domain>) => ReactNode;
}) {
  const query = useDomainSettings(domain);
  return (
    <SettingsSection id={`settings-${domain}`} title={title} lead={lead} settings={query.data}>
      <Loaded query={query} what={what}>
        {(current) => <Fragment key={current.version}>{form(current)}</Fragment>}
      </Loaded>
    </SettingsSection>
  );
}

/** The booking settings' form, once the published content's branches are read. */
function BookingForm({ current, canChange }: { current: DomainSettings<'booking'>; canChange: boolean }) {
  const content = usePublishedSiteContent();
  const [today] = useState(() => londonDate(new Date()));
  const branches = content.data?.content.branches;
  if (!branches) return <Spinner label="Loading the branches…" />;
  return (
    <SettingsForm current={current} canChange={canChange} label="Booking settings">
      {(settings) => (
        <BookingSection
          booking={settings}
          branches={branches}
          today={today}
          fromDefaults={current.version === 0}
        />
      )}
    </SettingsForm>
  );
}

/** The tyre price rules' form, its example priced at the invoicing's VAT rate. */
function TyrePrices({ current, canChange }: { current: DomainSettings<'tyres'>; canChange: boolean }) {
  const invoicing = useDomainSettings('invoicing');
  return (
    <TyrePricesForm
      current={current}
      vatRatePercent={invoicing.data?.settings.vatRatePercent ?? 20}
      canChange={canChange}
    />
  );
}

/**
 * The payments' settings' form, once the published content's services are read, under whether
 * card payments are set up at all: without them the settings wait, and customers pay on the day.
 */
function PaymentsForm({ current, canChange }: { current: DomainSettings<'payments'>; canChange: boolean }) {
  const content = usePublishedSiteContent();
  const status = usePaymentsStatus();
  const services = content.data?.content.services;
  if (!services) return <Spinner label="Loading the services…" />;
  return (
    <>
      <PaymentsConfigured configured={status.data?.configured} />
      <SettingsForm current={current} canChange={canChange} label="Payment settings">
        {(settings) => (
          <PaymentsSection
            payments={settings}
            services={depositServicesOf(services, settings.deposit.services)}
          />
        )}
      </SettingsForm>
    </>
  );
}

/** The vehicles' settings' form, under whether the DVLA and the DVSA are set up and how they last answered. */
function VehiclesForm({ current, canChange }: { current: DomainSettings<'vehicles'>; canChange: boolean }) {
  const status = useVehicleDataStatus();
  return (
    <>
      <VehicleServices status={status.data} />
      <SettingsForm current={current} canChange={canChange} label="Vehicle settings">
        {(settings) => <VehiclesSection vehicles={settings} />}
      </SettingsForm>
    </>
  );
}

/**
 * The routes' settings' form, once the published content's branches and services and the fitter
 * accounts are read. Without the fitters the starts can still be changed, as no fitter's.
 */
function RoutesForm({ current, canChange }: { current: DomainSettings<'routes'>; canChange: boolean }) {
  const content = usePublishedSiteContent();
  const fitters = useFitters();
  const status = useRoutingStatus();
  const published = content.data?.content;
  if (!published) return <Spinner label="Loading the branches…" />;
  if (fitters.isPending) return <Spinner label="Loading the fitters…" />;
  return (
    <>
      <RoutingServices status={status.data} />
      {fitters.isError && (
        <p className="text-sm text-red-700">The fitters could not be loaded: {messageOf(fitters.error)}</p>
      )}
      <SettingsForm current={current} canChange={canChange} label="Route settings">
        {(settings) => (
          <RoutesSection
            routes={settings}
            branches={published.branches}
            services={onSiteServicesOf(published.services, settings.onSiteMinutes)}
            fitters={fitters.data ?? []}
          />
        )}
      </SettingsForm>
    </>
  );
}

/** The site's address as the texts' links start with it, for the examples' count of parts. */
const exampleOrigin = 'https://www.example.co.uk';

/**
 * The messages' settings' form under whether texts are set up and how Twilio last answered:
 * without texts set up the wordings wait, and customers hear by e-mail.
 */
function MessagesForm({ current, canChange }: { current: DomainSettings<'messages'>; canChange: boolean }) {
  const status = useMessagesStatus();
  const site = useSiteSettings();
  const origin = useRouteLoaderData<RootData>('root')?.publicUrl ?? exampleOrigin;
  return (
    <>
      <TextsConfigured status={status.data} />
      <SettingsForm current={current} canChange={canChange} label="Message settings">
        {(settings) => <MessagesSection messages={settings} business={site.companyName} origin={origin} />}
      </SettingsForm>
    </>
  );
}

/**
 * A link to a section (the dashboard home's "Settings → Invoicing": `#settings-invoicing`) lands
 * on it once the sections above it have their forms: the browser's own jump to the address's
 * fragment comes before they load, and they push the section down the page when they do.
 */
function useSectionOfAddress() {
  const { hash } = useLocation();
  const loaded = [
    useDomainSettings('booking'),
    useDomainSettings('tyres'),
    useDomainSettings('invoicing'),
    useDomainSettings('reminders'),
    useDomainSettings('payments'),
    useDomainSettings('vehicles'),
    useDomainSettings('messages'),
    useDomainSettings('routes'),
  ].every((query) => !query.isPending);
  const branchesLoaded = !usePublishedSiteContent().isPending;
  // Whether card payments are set up shows above the Payments form.
  const paymentsStatusLoaded = !usePaymentsStatus().isPending;
  useEffect(() => {
    if (!hash || !loaded || !branchesLoaded || !paymentsStatusLoaded) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash, loaded, branchesLoaded, paymentsStatusLoaded]);
}

/**
 * The Settings tab: how the business runs, apart from what the website shows (the Content tab).
 * Each domain is saved on its own, with its own version and history; owners alone change the
 * tyre prices, invoicing and payments.
 */
export function SettingsTab({ user }: { user: StaffUser }) {
  const may = (domain: SettingsDomain) => mayChangeSettings(user.role, domain);
  useSectionOfAddress();
  return (
    <div className="grid min-w-0 gap-6">
      <div className="max-w-3xl">
        <h2 className="text-xl font-bold text-ink">Settings</h2>
        <p className="mt-1 text-sm text-slate-600">
          How the business takes bookings, prices tyres, invoices, reminds customers, takes card payments,
          texts customers, uses vehicle data and plans the vans’ routes. Each part is saved on its own and
          applies at once.
        </p>
      </div>
      <DomainSection
        domain="booking"
        title="Booking"
        lead="The booking page: when customers can book mobile fitting or a visit to a branch (tyre work, MOT testing or servicing), in windows of a few hours."
        what="booking settings"
        form={(current) => <BookingForm current={current} canChange={may('booking')} />}
      />
      <DomainSection
        domain="tyres"
        title="Tyre prices"
        lead="How the tyre pages price each tyre from its cost: a margin and a lowest price per tier, the fitting charge by rim size, and which brands are in which tier."
        what="tyre prices"
        form={(current) => <TyrePrices current={current} canChange={may('tyres')} />}
      />
      <DomainSection
        domain="invoicing"
        title="Invoicing"
        lead="Printed on VAT invoices and credit notes under the company name. Invoices already issued keep the details they were issued with."
        what="invoicing settings"
        form={(current) => (
          <SettingsForm current={current} canChange={may('invoicing')} label="Invoicing settings">
            {(settings) => <InvoicingSection invoicing={settings} fromDefaults={current.version === 0} />}
          </SettingsForm>
        )}
      />
      <DomainSection
        domain="reminders"
        title="Reminders & reviews"
        lead="E-mails that bring customers back: MOT and tyre reminders go only to customers who ticked the box for them; every customer is asked for a review the day after a job, once a year at most. All go between 09:00 and 19:00."
        what="reminder settings"
        form={(current) => (
          <SettingsForm current={current} canChange={may('reminders')} label="Reminder settings">
            {(settings) => <RemindersSection reminders={settings} />}
          </SettingsForm>
        )}
      />
      <DomainSection
        domain="payments"
        title="Payments"
        lead="Card payments online through Stripe: a deposit customers pay when they book, its refund when they cancel in good time, and how long an unpaid booking holds its window. Fitters can send a card payment link for what is due on any job."
        what="payment settings"
        form={(current) => <PaymentsForm current={current} canChange={may('payments')} />}
      />
      <DomainSection
        domain="messages"
        title="Messages"
        lead="Texts to customers who chose them when they booked or enquired: the booking confirmed, the day before, the fitter on the way, a card payment link, and MOT and tyre reminders. Each names the business and carries a link, in at most two text messages."
        what="message settings"
        form={(current) => <MessagesForm current={current} canChange={may('messages')} />}
      />
      <DomainSection
        domain="vehicles"
        title="Vehicles"
        lead="Vehicle data from the DVLA (the make, colour and year from a registration) and the DVSA (MOT history): forms filled in as customers type, MOT expiry dates kept up to date, and tyre advisories followed up."
        what="vehicle settings"
        form={(current) => <VehiclesForm current={current} canChange={may('vehicles')} />}
      />
      <DomainSection
        domain="routes"
        title="Routes"
        lead="Mobile fitting by road: where each van starts its day, the call-out charge by the distance from the nearest start, and how long each job takes, so that the booking page offers the windows a van can reach."
        what="route settings"
        form={(current) => <RoutesForm current={current} canChange={may('routes')} />}
      />
    </div>
  );
}
