import { useId, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver, type UseFormRegister } from 'react-hook-form';
import {
  columnNames,
  missingColumns,
  ownColumns,
  priceFileColumns,
  seasonNeededMessage,
  type ColumnMapping,
} from '#common/tyres/price-file.ts';
import type { TyreSupplier } from '#common/tyres/staff.ts';
import { Button, buttonClass } from '#app/components/ui/button.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { showRefusal } from '#app/components/ui/show-refusal.ts';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { DownloadIcon } from '#app/components/ui/staff-icons.tsx';
import { ColumnMappingFields, guessMapping, mappingFits } from './column-mapping.tsx';
import { ImportProgress, RecentImports } from './import-report.tsx';
import { headersOf, rowCountOf } from './price-file-reading.ts';
import { useSaveSupplier, useStartImport, useTyreImports, useTyreSuppliers } from './tyre-queries.ts';

type ChosenFile = { file: File; headers: string[]; rows: number };

/**
 * The import as chosen: the file as read, whose columns read it (`own`, a kept supplier's id, or
 * `new`), the new supplier's name, the mapping of the file's columns, and whether it is the
 * supplier's whole range.
 */
type ImportValues = {
  file: ChosenFile | null;
  reader: string;
  name: string;
  mapping: ColumnMapping;
  full: boolean;
};

const fields = ['file', 'name', 'mapping'] as const;

/** The reader a file suggests: our own columns when it has them, else a supplier whose mapping fits it. */
function suggestedReader(headers: string[], suppliers: TyreSupplier[]): string {
  if (missingColumns(ownColumns(headers)).length === 0) return 'own';
  const fitting = suppliers.find((supplier) => mappingFits(supplier.mapping, headers));
  return fitting ? String(fitting.id) : 'new';
}

const keptSupplier = (reader: string, suppliers: TyreSupplier[]) =>
  suppliers.find((supplier) => String(supplier.id) === reader);

/** What stops the import, the first thing first, with the field it is about. */
function importProblem({
  file,
  reader,
  name,
  mapping,
}: ImportValues): [(typeof fields)[number], string] | null {
  if (!file) return ['file', 'Choose the price file to import'];
  if (reader === 'own') return null;
  const missing = missingColumns(mapping);
  const needs = missing.filter((column) => column !== 'season').map((column) => columnNames[column]);
  if (needs.length > 0) return ['mapping', `Choose the file’s columns for ${needs.join(', ')}.`];
  if (missing.includes('season')) return ['mapping', seasonNeededMessage];
  if (reader === 'new' && name.trim() === '') return ['name', 'Enter the supplier’s name'];
  return null;
}

/** The form's check: one problem at a time, as staff put them right one after the other. */
const importResolver: Resolver<ImportValues> = (values) => {
  const problem = importProblem(values);
  return problem
    ? { values: {}, errors: { [problem[0]]: { type: 'validate', message: problem[1] } } }
    : { values, errors: {} };
};

type ImportChoicesProps = {
  chosen: ChosenFile;
  suppliers: TyreSupplier[];
  reader: string;
  mapping: ColumnMapping;
  register: UseFormRegister<ImportValues>;
  errors: FieldErrors<ImportValues>;
  onReader: (reader: string) => void;
  onMapping: (mapping: ColumnMapping) => void;
};

/** Once a file is chosen: whose columns it has, the new supplier's name and mapping, and whether it is whole. */
function ImportChoices({
  chosen,
  suppliers,
  reader,
  mapping,
  register,
  errors,
  onReader,
  onMapping,
}: ImportChoicesProps) {
  const fullId = useId();
  const lacking = missingColumns(ownColumns(chosen.headers));
  return (
    <>
      <p className="text-sm text-slate-700" aria-live="polite">
        {chosen.file.name}: {chosen.rows.toLocaleString('en-GB')} rows, {chosen.headers.length} columns.
      </p>
      <FormField id="price-file-reader" label="Whose columns does it have?" error={undefined}>
        {(control) => (
          <select {...control} {...register('reader', { onChange: (event) => onReader(event.target.value) })}>
            <option value="own">Our own column set</option>
            {suppliers.map((supplier) => (
              <option key={supplier.id} value={supplier.id}>
                {supplier.name}’s columns
              </option>
            ))}
            <option value="new">A new supplier’s columns…</option>
          </select>
        )}
      </FormField>
      {reader === 'own' && lacking.length > 0 && (
        <p role="alert" className="text-sm font-medium text-red-700">
          This file does not have our columns (it lacks{' '}
          {lacking.map((column) => columnNames[column]).join(', ')}): choose whose columns it has.
        </p>
      )}
      {reader === 'new' && (
        <FormField id="supplier-name" label="Supplier’s name" required error={errors.name?.message}>
          {(control) => <input {...control} maxLength={80} {...register('name')} />}
        </FormField>
      )}
      {reader !== 'own' && (
        <ColumnMappingFields
          headers={chosen.headers}
          mapping={mapping}
          onChange={onMapping}
          error={errors.mapping?.message}
        />
      )}
      <div className="flex items-start gap-3">
        <input
          id={fullId}
          type="checkbox"
          className="mt-0.5 size-5 accent-brand-dark"
          {...register('full')}
        />
        <label htmlFor={fullId} className="text-sm text-ink">
          <span className="font-semibold">This is the supplier’s whole range.</span> Their tyres missing from
          the file become unavailable (never deleted); untick for a file with only some tyres.
        </label>
      </div>
    </>
  );
}

/** The kept mapping's id for an import, saved first when it is new or changed; none for our own columns. */
function useMappingId(suppliers: TyreSupplier[]) {
  const saveSupplier = useSaveSupplier();
  return async ({ reader, name, mapping }: ImportValues) => {
    if (reader === 'own') return null;
    const kept = keptSupplier(reader, suppliers);
    if (kept && JSON.stringify(kept.mapping) === JSON.stringify(mapping)) return kept.id;
    const saved = await saveSupplier.mutateAsync({
      id: kept?.id ?? null,
      name: kept?.name ?? name.trim(),
      mapping,
    });
    return saved.id;
  };
}

/**
 * Sends a price file: staff choose it, say whose columns it has (ours, a supplier's kept
 * mapping, or a new supplier's, mapped here once and kept), and whether it is the supplier's
 * whole range; then watch its progress.
 */
function ImportForm({
  suppliers,
  onStarted,
}: {
  suppliers: TyreSupplier[];
  onStarted: (id: number, rows: number) => void;
}) {
  const mappingIdOf = useMappingId(suppliers);
  const startImport = useStartImport();
  const fileInput = useRef<HTMLInputElement>(null);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ImportValues>({
    resolver: importResolver,
    defaultValues: { file: null, reader: 'own', name: '', mapping: {}, full: true },
  });
  const [chosen, reader, mapping] = useWatch({ control, name: ['file', 'reader', 'mapping'] });

  const chooseReader = (next: string, headers = chosen?.headers ?? []) => {
    setValue('reader', next);
    setValue('mapping', guessMapping(headers, keptSupplier(next, suppliers)?.mapping));
    clearErrors(['name', 'mapping']);
  };

  async function chooseFile(file: File | undefined) {
    clearErrors();
    setValue('file', null);
    if (!file) return;
    const [headers, rows] = await Promise.all([headersOf(file), rowCountOf(file)]);
    if (headers.length === 0) {
      setError('file', {
        type: 'validate',
        message: 'This file is empty: choose the supplier’s price file (CSV).',
      });
      return;
    }
    setValue('file', { file, headers, rows });
    chooseReader(suggestedReader(headers, suppliers), headers);
  }

  async function start(values: ImportValues) {
    try {
      const { file, rows } = values.file!;
      const { id } = await startImport.mutateAsync({
        file,
        mappingId: await mappingIdOf(values),
        full: values.full,
      });
      onStarted(id, rows);
      setValue('file', null);
      setValue('name', '');
      if (fileInput.current) fileInput.current.value = '';
    } catch (error) {
      showRefusal(error, { fields, setError, title: 'The import did not start' });
    }
  }
  const send = (event: FormEvent<HTMLFormElement>) => {
    // The button stays focusable while sending (aria-disabled): a second press does nothing.
    if (isSubmitting) event.preventDefault();
    else
      void handleSubmit(start, (problems) => {
        if (problems.file) fileInput.current?.focus();
      })(event);
  };

  return (
    <form noValidate onSubmit={send} aria-label="Import a price file" className="grid gap-5">
      <FormField
        id="price-file"
        label="Price file (CSV, comma or semicolon separated)"
        required
        error={errors.file?.message}
        hint={`Our own columns: ${priceFileColumns.join(', ')}. The template has them, with two example rows to replace by yours.`}
      >
        {(control) => (
          <input
            {...control}
            ref={fileInput}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => void chooseFile(event.target.files?.[0])}
          />
        )}
      </FormField>
      {/* A plain download: the server's file is the one the import reads. */}
      <a
        href="/api/tyres/import-template.csv"
        download
        className={buttonClass('outline', 'compact', '-mt-3 justify-self-start')}
      >
        <DownloadIcon className="size-4" />
        Download template
      </a>
      {chosen && (
        <ImportChoices
          chosen={chosen}
          suppliers={suppliers}
          reader={reader}
          mapping={mapping}
          register={register}
          errors={errors}
          onReader={chooseReader}
          onMapping={(next) => setValue('mapping', next)}
        />
      )}
      <Button type="submit" size="large" className="justify-self-start" aria-disabled={isSubmitting}>
        {isSubmitting ? 'Starting…' : 'Import'}
      </Button>
    </form>
  );
}

/** Price files: a new import with its progress and refused rows, and the last imports. */
export function ImportsPanel() {
  const suppliers = useTyreSuppliers();
  const imports = useTyreImports();
  const [started, setStarted] = useState<{ id: number; rows: number } | null>(null);
  if (suppliers.isPending) return <Spinner label="Loading the suppliers…" />;
  return (
    <div className="grid min-w-0 max-w-4xl gap-8">
      <ImportForm suppliers={suppliers.data ?? []} onStarted={(id, rows) => setStarted({ id, rows })} />
      {started && <ImportProgress key={started.id} id={started.id} fileRows={started.rows} />}
      <section aria-labelledby="recent-imports" className="grid gap-3">
        <h3 id="recent-imports" className="text-base font-bold text-ink">
          Last imports
        </h3>
        {imports.data ? <RecentImports imports={imports.data} /> : <Spinner label="Loading the imports…" />}
      </section>
    </div>
  );
}
