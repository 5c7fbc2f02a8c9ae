/**
 * The VAT registration number as invoices and credit notes state it. Until an owner enters the
 * business's own (the invoicing settings' `vatNumber` is null), they say so instead of printing a
 * number that is not the business's.
 */

/** What settings, and invoices issued, held before a number could be "not set". */
export const legacyPlaceholderVatNumber = 'GB 000 0000 00';

export const vatNumberNotSetText = 'VAT registration number not set';

/** Whether a VAT number (settings' or an issued invoice's) is the business's own. */
export const isVatNumberSet = (vatNumber: string | null): vatNumber is string =>
  vatNumber !== null && vatNumber !== legacyPlaceholderVatNumber;

/**
 * The line an invoice prints. An invoice issued with the placeholder keeps what it was issued
 * with, which was no number: it says so too.
 */
export const vatNumberLine = (vatNumber: string | null): string =>
  isVatNumberSet(vatNumber) ? `VAT registration number ${vatNumber}` : vatNumberNotSetText;
