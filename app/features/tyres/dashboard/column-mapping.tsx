import { seasonNames, seasons } from '#common/tyres/catalogue.ts';
import {
  columnNames,
  fixedValue,
  headerKey,
  mappableColumns,
  mappedHeader,
  missingColumns,
  type ColumnMapping,
  type MappableColumn,
} from '#common/tyres/price-file.ts';
import { errorIdOf, FieldError } from '#app/components/ui/field-error.tsx';
import { fieldClass } from '#app/components/ui/form-field.tsx';

/**
 * The columns a file must have (the season may be one value for the whole file instead): the
 * whole size may stand for the five that make it up.
 */
const alwaysNeeded: readonly MappableColumn[] = ['brand', 'pattern', 'cost', 'season'];
const sizeParts: readonly MappableColumn[] = ['width', 'profile', 'rim', 'load_index', 'speed_rating'];
/** The order the form asks in: what every file needs, the size (whole or in parts), then the rest. */
const askedOrder: readonly MappableColumn[] = [
  ...alwaysNeeded,
  'ean',
  'size',
  ...sizeParts,
  ...mappableColumns.filter(
    (column) =>
      !alwaysNeeded.includes(column) && !sizeParts.includes(column) && column !== 'ean' && column !== 'size',
  ),
];

/**
 * A first mapping of a file's headers: each of our columns to the header of the same name, when
 * the file has one ("Load Index" is load_index), else to what a kept mapping said, if the file
 * still has that header, or the value a kept mapping gave the whole file for a column the file
 * lacks.
 */
export function guessMapping(headers: readonly string[], kept: ColumnMapping = {}): ColumnMapping {
  const byKey = new Map(headers.map((header) => [headerKey(header), header]));
  const present = new Set(headers);
  const mapping: ColumnMapping = {};
  for (const column of mappableColumns) {
    const previous = mappedHeader(kept[column]);
    const header = previous !== undefined && present.has(previous) ? previous : byKey.get(column);
    const fixed = fixedValue(kept[column]);
    if (header !== undefined) mapping[column] = header;
    else if (fixed !== undefined) mapping[column] = { value: fixed };
  }
  return mapping;
}

/** Whether every header `mapping` names is in the file: a kept mapping that still reads it. */
export const mappingFits = (mapping: ColumnMapping, headers: readonly string[]) =>
  Object.values(mapping).every((source) => {
    const header = mappedHeader(source);
    return header === undefined || headers.includes(header);
  }) && missingColumns(mapping).length === 0;

/** The choice in a column's list that gives every row of the file one value. */
const sameForEveryRow = '\u0000same';

/** The columns whose value for the whole file is chosen from a list rather than typed. */
const fixedChoices: Partial<Record<MappableColumn, readonly { value: string; label: string }[]>> = {
  season: seasons.map((season) => ({ value: season, label: seasonNames[season] })),
  ...Object.fromEntries(
    (['run_flat', 'extra_load', 'snow', 'ice'] as const).map((column) => [
      column,
      [
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
      ],
    ]),
  ),
};

/** The value every row takes, for a column the file lacks: chosen from a list or typed. */
function FixedValueField({
  column,
  value,
  invalid,
  onChange,
}: {
  column: MappableColumn;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  const id = `column-${column}-value`;
  const label = `${columnNames[column]} of every row`;
  const choices = fixedChoices[column];
  return (
    <div className="mt-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {choices ? (
        <select
          id={id}
          className={fieldClass}
          aria-invalid={invalid}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{`Choose the ${columnNames[column].toLowerCase()}…`}</option>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          className={fieldClass}
          aria-invalid={invalid}
          maxLength={80}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </div>
  );
}

/**
 * For each of our columns, the file's header that holds it: chosen from the file's own headers.
 * Required columns are marked; the whole size, when the file has it, stands for its five parts.
 */
export function ColumnMappingFields({
  headers,
  mapping,
  onChange,
  error,
}: {
  headers: readonly string[];
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
  error: string | undefined;
}) {
  const missing = new Set(missingColumns(mapping));
  const required = (column: MappableColumn) =>
    alwaysNeeded.includes(column) || (sizeParts.includes(column) && !mapping.size);
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? errorIdOf('column-mapping') : undefined}>
      <legend className="mb-1 text-base font-bold text-ink">Which of the file’s columns holds what</legend>
      <p className="text-sm text-slate-600">
        Kept for this supplier: their next file is read the same way. Columns marked * are needed; a column
        with the whole size (“205/55 R16 91V”) can stand for width, profile, rim, load index and speed rating.
        For a column the file lacks, such as the season of a winter list, choose “The same for every row” and
        give its value.
      </p>
      <FieldError fieldId="column-mapping" message={error} />
      <div className="grid gap-x-4 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
        {askedOrder.map((column) => {
          const id = `column-${column}`;
          const flagged = missing.has(column);
          const source = mapping[column];
          const fixed = fixedValue(source);
          return (
            <div key={column} className="min-w-0">
              <label htmlFor={id} className="text-sm font-semibold text-ink">
                {columnNames[column]}
                {required(column) && (
                  <span className="text-red-700" aria-hidden="true">
                    {' '}
                    *
                  </span>
                )}
              </label>
              <select
                id={id}
                className={fieldClass}
                aria-required={required(column) || undefined}
                aria-invalid={flagged && Boolean(error)}
                value={fixed !== undefined ? sameForEveryRow : (mappedHeader(source) ?? '')}
                onChange={(event) => {
                  const next = { ...mapping };
                  if (event.target.value === '') delete next[column];
                  else if (event.target.value === sameForEveryRow) next[column] = { value: '' };
                  else next[column] = event.target.value;
                  onChange(next);
                }}
              >
                <option value="">Not in this file</option>
                <option value={sameForEveryRow}>The same for every row</option>
                {headers.map((header, index) => (
                  <option key={`${index}-${header}`} value={header}>
                    {header || `(column ${index + 1}, no header)`}
                  </option>
                ))}
              </select>
              {fixed !== undefined && (
                <FixedValueField
                  column={column}
                  value={fixed}
                  invalid={flagged && Boolean(error)}
                  onChange={(value) => onChange({ ...mapping, [column]: { value } })}
                />
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
