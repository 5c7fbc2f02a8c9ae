import type { FieldErrors } from 'react-hook-form';
import type { SummaryError } from '#app/components/ui/error-summary.tsx';
import type { CompletionValues } from './completion-values.ts';

/** The completion form's sections, one phone screen each, in the order the work is done. */
export const completionSections = [
  { key: 'tyres', title: 'Tyres' },
  { key: 'checks', title: 'Checks and photos' },
  { key: 'charge', title: 'The charge' },
  { key: 'signature', title: 'Signature' },
] as const;

/** Where each field sits, by the first part of its path (`tyres.0.dot`, `linesReason`). */
const sectionOfField: Record<string, number> = {
  tyres: 0,
  tread: 0,
  torqued: 1,
  tpmsReset: 1,
  advisories: 1,
  notes: 1,
  photos: 1,
  changeCharge: 2,
  lines: 2,
  linesReason: 2,
  signature: 3,
};

/** The id of a section's heading, where an error of the section as a whole takes the fitter. */
export const sectionHeadingId = (jobId: number, section: number) =>
  `complete-${jobId}-${completionSections[section]!.key}`;

/** The id of the field at `path` (as the field components name theirs), or its section's heading. */
function fieldIdOf(path: string, jobId: number, section: number): string {
  const [first, index, part] = path.split('.');
  if (first === 'tyres' && part) return `field-tyres.${index}.${part}`;
  if (first === 'tread' && index) return `tread-${index}`;
  if (first === 'lines' && part) return `line-${index}-${part}`;
  if (first === 'linesReason') return `lines-reason-${jobId}`;
  if (first === 'torqued' || first === 'advisories' || first === 'notes') return `${first}-${jobId}`;
  return sectionHeadingId(jobId, section);
}

type FlatError = { path: string; message: string };

/** react-hook-form's errors (nested by path) as a list of paths and messages, in their order. */
function flatten(errors: object, prefix = ''): FlatError[] {
  return Object.entries(errors).flatMap(([key, value]: [string, unknown]): FlatError[] => {
    if (key === 'root' || typeof value !== 'object' || value === null) return [];
    const path = prefix ? `${prefix}.${key}` : key;
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string') return [{ path, message }];
    return flatten(value, path);
  });
}

export type CompletionError = SummaryError & { section: number };

/** The form's errors for its summary: each message with its field's id and section, section by section. */
export function completionErrors(errors: FieldErrors<CompletionValues>, jobId: number): CompletionError[] {
  return flatten(errors)
    .map(({ path, message }) => {
      const section = sectionOfField[path.split('.')[0]!] ?? 0;
      return { message, section, target: fieldIdOf(path, jobId, section) };
    })
    .sort((one, other) => one.section - other.section);
}
