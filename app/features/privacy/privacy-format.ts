import type { ErasureCounts, PersonalDataExport } from '#common/privacy/privacy.ts';
import { formatDay } from '#common/time/formats.ts';
import { londonDate } from '#common/time/london.ts';

/** How much is stored for one address: what the confirmation and the summary name. */
export type StoredCounts = { enquiries: number; notes: number; statusChanges: number; invoices: number };

export function storedCountsOf(data: PersonalDataExport): StoredCounts {
  return data.enquiries.reduce(
    (counts, enquiry) => ({
      ...counts,
      enquiries: counts.enquiries + 1,
      notes: counts.notes + enquiry.notes.length,
      statusChanges: counts.statusChanges + enquiry.events.length,
    }),
    { enquiries: 0, notes: 0, statusChanges: 0, invoices: data.invoices.length },
  );
}

/** Whether anything at all is stored for the address. */
export const anythingStored = (counts: StoredCounts) => counts.enquiries > 0 || counts.invoices > 0;

/** "no notes", "1 note", "3 notes". */
export const counted = (count: number, one: string, many: string) =>
  count === 0 ? `no ${many}` : `${count} ${count === 1 ? one : many}`;

const storedText = ({ enquiries, notes, statusChanges, invoices }: StoredCounts) =>
  `${counted(enquiries, 'enquiry', 'enquiries')}, with ${counted(notes, 'note', 'notes')} and ${counted(
    statusChanges,
    'status change',
    'status changes',
  )}${invoices > 0 ? `, and ${counted(invoices, 'invoice', 'invoices')}` : ''}`;

export const nothingStored = 'Nothing is stored for this address.';

/** The sentence a screen reader hears when a search has found something (or nothing). */
export const storedSummary = (email: string, counts: StoredCounts) =>
  anythingStored(counts) ? `Stored for ${email}: ${storedText(counts)}.` : nothingStored;

/** Why invoices stay after an erasure, as the record and the confirmation say it. */
export const invoicesKeptReason =
  'Invoices are accounting records the business must keep for six years from their date, so an erasure keeps them as issued until then.';

/** The erasure's confirmation: what goes, for whom, and that it is for good. */
export const erasureQuestion = (email: string, counts: StoredCounts) =>
  `Erase ${storedText({ ...counts, invoices: 0 })}, stored for ${email}?${
    counts.invoices > 0 ? ` ${invoicesKeptReason}` : ''
  } This cannot be undone.`;

const erasedText = (email: string, erased: ErasureCounts) =>
  erased.enquiries === 0 && erased.notifications === 0 && erased.invoicesCleared === 0
    ? `Nothing was left to erase for ${email}.`
    : `Erased ${counted(erased.enquiries, 'enquiry', 'enquiries')} (with their notes and status changes) and ${counted(
        erased.notifications,
        'notification e-mail',
        'notification e-mails',
      )} for ${email}.${
        erased.invoicesCleared > 0
          ? ` ${counted(erased.invoicesCleared, 'invoice', 'invoices')} over six years old kept for the accounts without their details.`
          : ''
      }`;

/** The toast after an erasure, from the server's own counts (anything that arrived meanwhile included). */
export const erasureOutcome = (email: string, erased: ErasureCounts) =>
  `${erasedText(email, erased)}${
    erased.invoices > 0 && erased.invoicesKeptUntil
      ? ` ${counted(erased.invoices, 'invoice is', 'invoices are')} kept as issued, as the law requires for the accounts, until ${formatDay(`${erased.invoicesKeptUntil}T12:00:00Z`)}.`
      : ''
  }`;

/** The export's file, named by its day in London as a file name sorts it: "personal-data-2026-11-23.json". */
export const personalDataFileName = (data: Pick<PersonalDataExport, 'exportedAt'>) =>
  `personal-data-${londonDate(new Date(data.exportedAt))}.json`;
