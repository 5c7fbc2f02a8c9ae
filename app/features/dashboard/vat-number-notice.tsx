import { Link } from 'react-router';
import type { StaffRole } from '#common/accounts/accounts.ts';
import { vatNumberNotSetText } from '#common/jobs/vat-number.ts';
import { mayChangeSettings } from '#common/settings/domains.ts';
import { useDomainSettings } from '#app/features/settings/index.ts';

/** Where an owner enters the number: the Settings tab, at its Invoicing card. */
export const invoicingSettingsPath = '/admin/dashboard/settings#settings-invoicing';

/**
 * On the dashboard's home while the invoicing settings hold no VAT registration number: invoices
 * and credit notes say it is not set until an owner enters it. Those who may change the
 * invoicing get the way there; the others are told who can.
 */
export function VatNumberNotice({ role }: { role: StaffRole }) {
  const invoicing = useDomainSettings('invoicing');
  if (!invoicing.data || invoicing.data.settings.vatNumber !== null) return null;
  return (
    <section
      aria-labelledby="vat-number-notice-title"
      className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-900"
    >
      <h2 id="vat-number-notice-title" className="font-semibold">
        The business’s VAT registration number is not set
      </h2>
      <p className="mt-1 text-sm">
        Invoices and credit notes print “{vatNumberNotSetText}” in its place until it is.{' '}
        {mayChangeSettings(role, 'invoicing') ? (
          <Link to={invoicingSettingsPath} className="font-semibold underline underline-offset-2">
            Enter it in Settings → Invoicing
          </Link>
        ) : (
          'An owner can enter it in Settings → Invoicing.'
        )}
      </p>
    </section>
  );
}
