// zod/mini: this module reaches the staff dashboard's bundle.
import * as z from 'zod/mini';
import { list, siteContentLimits, text } from '#common/site-content/parts.ts';

/**
 * What the business's VAT invoices state and charge (the Settings tab's Invoicing; owners alone
 * change it): the postal address and VAT registration number printed on them, the VAT rate every
 * price includes (the tyres' fitted prices and the invoices alike), and how much of a booking's
 * price a fitter may take off at the kerb before the invoice waits for the office's approval.
 */

const vatNumberMessage = 'Enter the VAT registration number, for example GB 123 4567 89';
const percentMessage = 'Enter a whole number of per cent, 0 to 100';

/** The standard rate, in per cent, until an owner sets another. */
export const standardVatRatePercent = 20;
/** The owner's limit until they set one: a reduction of more than 10% waits for the office. */
const defaultReductionLimitPercent = 10;
/** A VAT number that is obviously not one: on invoices until an owner enters the business's own. */
export const placeholderVatNumber = 'GB 000 0000 00';

export const invoicingSettingsSchema = z.object({
  address: list(
    text(siteContentLimits.addressLine, 'Remove the empty line or write it'),
    5,
    'address lines',
    'Enter the business’s postal address',
  ),
  vatNumber: z.pipe(
    text(20, vatNumberMessage),
    z.string().check(z.regex(/^(GB|XI)? ?[0-9]{3} ?[0-9]{4} ?[0-9]{2}( ?[0-9]{3})?$/, vatNumberMessage)),
  ),
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

/** Until an owner sets them: the first branch's address, the placeholder number, the standard rate. */
export const defaultInvoicingSettings = (branches: readonly BranchAddress[]): InvoicingSettings => {
  const branch = branches[0];
  return {
    address: branch ? [branch.address.street, branch.address.locality, branch.address.postcode] : [],
    vatNumber: placeholderVatNumber,
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
  change('VAT number', before.vatNumber, after.vatNumber);
  change('VAT rate', `${before.vatRatePercent}%`, `${after.vatRatePercent}%`);
  if (before.reductionLimitPercent !== after.reductionLimitPercent) {
    changes.push(
      `Invoicing: a price cut of more than ${before.reductionLimitPercent}% → ${after.reductionLimitPercent}% waits for approval`,
    );
  }
  return changes;
}
