import { memo } from 'react';
import type { BranchContent, SiteContent } from '#common/site-content/site-content.ts';
import { defaultReductionLimitPercent } from '#common/jobs/lines.ts';
import { Button } from '#app/components/ui/button.tsx';
import { fieldLabel } from './content-errors.ts';
import { controlClass, FieldFrame, NumberField, TextField } from './content-fields.tsx';
import { ContentSection } from './content-section.tsx';
import { pathKey } from './draft-state.ts';
import { useEditor } from './editor-context.ts';
import { addressLines, addressText, invoicingOf } from './invoicing-draft.ts';

const addressPath = ['invoicing', 'address'] as const;

/** The address's own message (none, too many lines), else its first line's: "Line 3: …". */
function useAddressError(): string | undefined {
  const { errors } = useEditor();
  const key = pathKey(addressPath);
  const whole = errors[key]?.[0];
  if (whole) return whole;
  const [line] = Object.keys(errors)
    .filter((entry) => entry.startsWith(`${key}.`))
    .map((entry) => Number(entry.slice(key.length + 1)))
    .sort((a, b) => a - b);
  return line === undefined ? undefined : `Line ${line + 1}: ${errors[`${key}.${line}`]![0]}`;
}

/** The postal address typed as it is written, one line per line, in one text area. */
function AddressField({ lines }: { lines: readonly string[] }) {
  const { dispatch } = useEditor();
  const error = useAddressError();
  return (
    <FieldFrame
      path={addressPath}
      label={fieldLabel(addressPath)}
      hint="One line of the address per line, up to 5."
      error={error}
    >
      {(control) => (
        <textarea
          {...control}
          rows={5}
          autoComplete="off"
          value={addressText(lines)}
          onChange={(event) =>
            dispatch({ type: 'set', path: addressPath, value: addressLines(event.target.value) })
          }
          className={`${controlClass} field-sizing-content min-h-20 leading-relaxed`}
        />
      )}
    </FieldFrame>
  );
}

type InvoicingSectionProps = {
  invoicing: SiteContent['invoicing'];
  branches: readonly BranchContent[];
  /** Whether the published version has invoicing details of its own. */
  published: boolean;
};

/**
 * The seller's details VAT invoices and credit notes print (the postal address and VAT number),
 * and how far a fitter may cut a price before the invoice waits for the office.
 */
export const InvoicingSection = memo(function InvoicingSection({
  invoicing,
  branches,
  published,
}: InvoicingSectionProps) {
  const { dispatch } = useEditor();
  const shown = invoicing ?? invoicingOf({ branches });
  return (
    <ContentSection
      id="section-invoicing"
      lead="Printed on VAT invoices and credit notes under the company name. Invoices already issued keep the details they were issued with."
    >
      {!published && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <p className="min-w-48 flex-1">
            {invoicing
              ? 'Once published, invoices print these details instead of the first branch’s address and the placeholder VAT number.'
              : 'Not set yet: invoices print the first branch’s address, shown here, and a placeholder VAT number. Enter the business’s VAT registration number to set them.'}
          </p>
          {invoicing && (
            <Button
              type="button"
              variant="outline"
              onClick={() => dispatch({ type: 'set', path: ['invoicing'], value: undefined })}
            >
              Don’t set them yet
            </Button>
          )}
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <AddressField lines={shown.address} />
        <TextField
          path={['invoicing', 'vatNumber']}
          value={shown.vatNumber}
          hint="For example GB 123 4567 89."
        />
        <NumberField
          path={['invoicing', 'reductionLimitPercent']}
          value={shown.reductionLimitPercent ?? defaultReductionLimitPercent}
          suffix="% of the booking"
          hint="When a fitter takes more than this off a booking’s price, the job is completed but its invoice waits until someone in the office approves the price in the diary."
        />
      </div>
    </ContentSection>
  );
});
