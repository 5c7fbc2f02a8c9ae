import { set, type FieldErrors, type Resolver } from 'react-hook-form';
import * as z from 'zod/mini';
import {
  jobEventSchema,
  linesReasonMessage,
  tyrePositions,
  type Job,
  type TyrePosition,
} from '#common/jobs/jobs.ts';
import type { EventWithoutKey } from './add-action.ts';
import { parsePounds, poundsText } from '#common/util/money.ts';

/** The completion form as typed: text as it is in the fields, turned into the event on sending. */
export type CompletionValues = {
  tyres: { position: TyrePosition; brand: string; pattern: string; size: string; dot: string }[];
  tread: Partial<Record<TyrePosition, string>>;
  torqued: boolean;
  tpmsReset: boolean;
  advisories: string;
  notes: string;
  changeCharge: boolean;
  lines: { description: string; quantity: string; price: string }[];
  linesReason: string;
  /** Queued as files of their own before the event, not part of it. */
  photos: File[];
  signature: Blob | null;
};

/** "Hankook Ventus Prime 4 205/55 R16 91V" as brand, pattern and size, as far as it can be read. */
export function splitTyre(description: string): { brand: string; pattern: string; size: string } {
  const size = /\d{3}\/\d{2}\s?Z?R\s?\d{2}.*$/i.exec(description)?.[0] ?? '';
  const [brand = '', ...pattern] = description
    .slice(0, description.length - size.length)
    .trim()
    .split(/\s+/);
  return { brand, pattern: pattern.join(' '), size: size.trim() };
}

/** Asked once tyres are fitted: their wheels came off and went back on. */
export const torquedMessage = 'Tick once the wheel nuts are torqued to the maker’s setting';

/**
 * The form at first: the booked tyres at the usual positions and the booked charge. The checks
 * start unticked: a box ticked in advance would record a check nobody made.
 */
export function initialValues(job: Job): CompletionValues {
  const tyre = job.tyres ? splitTyre(job.tyres.description) : { brand: '', pattern: '', size: '' };
  const count = Math.min(job.tyres?.quantity ?? 0, tyrePositions.length);
  return {
    tyres: tyrePositions.slice(0, count).map((position) => ({ position, ...tyre, dot: '' })),
    tread: {},
    torqued: false,
    tpmsReset: false,
    advisories: '',
    notes: '',
    changeCharge: false,
    lines: job.lines.map((line) => ({
      description: line.description,
      quantity: String(line.quantity),
      price: poundsText(line.unitPence),
    })),
    linesReason: '',
    photos: [],
    signature: null,
  };
}

/** A form field's name for a path of the event's schema (record.tyres.0.dot is tyres.0.dot). */
function fieldOf(path: readonly PropertyKey[]): string {
  const [first, ...rest] = path.map(String);
  if (first === 'record' && rest[0] === 'removedTreadMm') return ['tread', ...rest.slice(1)].join('.');
  if (first === 'record') return rest.join('.');
  if (first === 'lines' && rest[1] === 'unitPence') return `lines.${rest[0]}.price`;
  return [first, ...rest].join('.');
}

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));

/** The completed event of the form's values, or the messages of its fields. */
export function completionOf(
  values: CompletionValues,
  job: Job,
): { event: EventWithoutKey; errors?: never } | { errors: Record<string, string>; event?: never } {
  const removedTreadMm = Object.fromEntries(
    Object.entries(values.tread)
      .filter(([, depth]) => depth !== undefined && depth.trim() !== '')
      .map(([position, depth]) => [position, toNumber(depth!)]),
  );
  const lines = values.lines.map((line) => ({
    description: line.description,
    quantity: toNumber(line.quantity),
    unitPence: parsePounds(line.price) ?? Number.NaN,
  }));
  const event = {
    type: 'completed' as const,
    idempotencyKey: 'checked-on-the-phone',
    record: {
      tyres: values.tyres,
      removedTreadMm,
      torqued: values.torqued,
      tpmsReset: values.tpmsReset,
      advisories: values.advisories,
      notes: values.notes,
    },
    ...(values.changeCharge && { lines, linesReason: values.linesReason }),
  };
  const errors: Record<string, string> = {};
  const checked = z.safeParse(jobEventSchema, event);
  for (const issue of checked.error?.issues ?? []) {
    const field = fieldOf(issue.path);
    // A price the schema reads in pence is typed in pounds; the job's limit speaks for itself.
    errors[field] ??=
      field.endsWith('.price') && issue.code !== 'custom'
        ? 'Enter the price of one in pounds, for example 25.00'
        : issue.message;
  }
  const changed =
    values.changeCharge &&
    JSON.stringify(lines) !==
      JSON.stringify(
        job.lines.map(({ description, quantity, unitPence }) => ({ description, quantity, unitPence })),
      );
  if (changed && values.linesReason.trim() === '') errors.linesReason = linesReasonMessage;
  if (values.tyres.length > 0 && !values.torqued) errors.torqued = torquedMessage;
  if (Object.keys(errors).length > 0) return { errors };
  const { idempotencyKey: _checked, ...withoutKey } = event;
  return { event: withoutKey };
}

/**
 * The form's check (react-hook-form's resolver): the completed event of its values, or each
 * field's message at the field's path (`tyres.0.dot`), as the form holds them.
 */
export function completionResolver(job: Job): Resolver<CompletionValues, unknown, EventWithoutKey> {
  return (values) => {
    const checked = completionOf(values, job);
    if (checked.event) return { values: checked.event, errors: {} };
    const errors: FieldErrors<CompletionValues> = {};
    for (const [field, message] of Object.entries(checked.errors)) {
      set(errors, field, { type: 'validate', message });
    }
    return { values: {}, errors };
  };
}
