// zod/mini: this module reaches the staff dashboard's bundle.
import * as z from 'zod/mini';
import { list, siteContentLimits, text } from '#common/site-content/parts.ts';
import { legacyPlaceholderVatNumber } from './vat-number.ts';

/**
 * What the business's VAT invoices state and charge (the Settings tab's Invoicing; owners alone
 * change it): the postal address and VAT registration number printed on them, the VAT rate every
 * price includes (the tyres' fitted prices and the invoices alike), and how much of a booking's
 * price a fitter may take off at the kerb before the invoice waits for the office's approval.
 *
 * The VAT number is null until an owner enters the business's own: invoices then say it is not set
 * (common/jobs/vat-number.ts) rather than print a number that is not the business's.
 */

const vatNumberMessage = 'Enter the VAT registration number, for example GB 123 4567 89';
const percentMessage = 'Enter a whole number of per cent, 0 to 100';

/** The standard rate, in per cent, until an owner sets another. */
export const standardVatRatePercent = 20;
/** The owner's limit until they set one: a reduction of more than 10% waits for the office. */
const defaultReductionLimitPercent = 10;
const vatNumberPattern = /^(GB|XI)? ?[0-9]{3} ?[0-9]{4} ?[0-9]{2}( ?[0-9]{3})?$/;

/**
 * A number, or null while none is set: an empty field, and the placeholder that settings saved
 * before "not set" existed may hold (migration 0035 carried it over), read as not set. Stored rows
 * are left as they are.
 */
const vatNumberSchema = z.pipe(
  z.transform((value: unknown) => {
    const trimmed = typeof value === 'string' ? value.trim() : value;
    return trimmed === '' || trimmed === legacyPlaceholderVatNumber || trimmed === undefined ? null : trimmed;
  }),
  z.nullable(
    z
      .string(vatNumberMessage)
      .check(z.maxLength(20, vatNumberMessage), z.regex(vatNumberPattern, vatNumberMessage)),
  ),
);

export const invoicingSettingsSchema = z.object({
  address: list(
    text(siteContentLimits.addressLine, 'Remove the empty line or write it'),
    5,
    'address lines',
    'Enter the business’s postal address',
  ),
  vatNumber: vatNumberSchema,
  /** Settings saved before the rate was theirs have none: the standard rate. */
  vatRatePercent: z._default(
    z
      .number('Enter the VAT rate as a percentage, for example 20')
      .check(
        z.minimum(0, 'Enter the VAT rate as a percentage, for example 20'),
        z.maximum(100, 'At most 100%'),
      ),
    standardVatRatePercent,
  ),
  reductionLimitPercent: z._default(
    z
      .number(percentMessage)
      .check(z.int(percentMessage), z.minimum(0, percentMessage), z.maximum(100, percentMessage)),
    defaultReductionLimitPercent,
  ),
});

export type InvoicingSettings = z.output<typeof invoicingSettingsSchema>;

type BranchAddress = { address: { street: string; locality: string; postcode: string } };

/** Until an owner sets them: the first branch's address, no VAT number, the standard rate. */
export const defaultInvoicingSettings = (branches: readonly BranchAddress[]): InvoicingSettings => {
  const branch = branches[0];
  return {
    address: branch ? [branch.address.street, branch.address.locality, branch.address.postcode] : [],
    vatNumber: null,
    vatRatePercent: standardVatRatePercent,
    reductionLimitPercent: defaultReductionLimitPercent,
  };
};

/** What changed, in words, for the settings' history. */
export function invoicingChanges(before: InvoicingSettings, after: InvoicingSettings): string[] {
  const changes: string[] = [];
  const change = (what: string, was: string, is: string) => {
    if (was !== is) changes.push(`Invoicing: ${what} ${was} → ${is}`);
  };
  change('postal address', before.address.join(', '), after.address.join(', '));
  change('VAT number', before.vatNumber ?? 'not set', after.vatNumber ?? 'not set');
  change('VAT rate', `${before.vatRatePercent}%`, `${after.vatRatePercent}%`);
  if (before.reductionLimitPercent !== after.reductionLimitPercent) {
    changes.push(
      `Invoicing: a price cut of more than ${before.reductionLimitPercent}% → ${after.reductionLimitPercent}% waits for approval`,
    );
  }
  return changes;
}
