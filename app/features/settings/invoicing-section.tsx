import { memo } from 'react';
import type { InvoicingSettings } from '#common/jobs/invoicing-settings.ts';
import { controlClass, FieldFrame, NumberField, TextField } from '#app/components/editor/fields.tsx';
import { pathKey } from '#app/components/editor/draft.ts';
import { useEditor } from '#app/components/editor/editor-context.ts';
import { addressLines, addressText } from './invoicing-draft.ts';
import { settingsFieldLabel } from './settings-labels.ts';

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
      label={settingsFieldLabel(addressPath)}
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

/**
 * The seller's details VAT invoices and credit notes print (the postal address and VAT number),
 * the VAT rate every price includes, and how far a fitter may cut a price before the invoice
 * waits for the office.
 */
export const InvoicingSection = memo(function InvoicingSection({
  invoicing: shown,
  fromDefaults,
}: {
  invoicing: InvoicingSettings;
  /** Whether an owner has never saved them: invoices print the first branch's address. */
  fromDefaults: boolean;
}) {
  return (
    <>
      {shown.vatNumber === null && (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          {fromDefaults
            ? 'Not set yet: invoices print the first branch’s address, shown here, and “VAT registration number not set”.'
            : 'No VAT registration number: invoices print “VAT registration number not set” in its place.'}{' '}
          Enter the business’s VAT registration number and save to set it.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <AddressField lines={shown.address} />
        <TextField
          path={['invoicing', 'vatNumber']}
          value={shown.vatNumber ?? ''}
          hint="For example GB 123 4567 89."
        />
        <NumberField
          path={['invoicing', 'vatRatePercent']}
          value={shown.vatRatePercent}
          suffix="%"
          hint="Every price includes VAT at this rate: the tyres’ fitted prices and the invoices alike. Invoices already issued keep theirs."
        />
        <NumberField
          path={['invoicing', 'reductionLimitPercent']}
          value={shown.reductionLimitPercent}
          suffix="% of the booking"
          hint="When a fitter takes more than this off a booking’s price, the job is completed but its invoice waits until someone in the office approves the price in the diary."
        />
      </div>
    </>
  );
});
