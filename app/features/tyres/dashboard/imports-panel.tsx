import { useId, useRef, useState, type FormEvent } from 'react';
import {
  columnNames,
  missingColumns,
  ownColumns,
  priceFileColumns,
  seasonNeededMessage,
  type ColumnMapping,
} from '#common/tyres/price-file.ts';
import type { TyreSupplier } from '#common/tyres/staff.ts';
import { Button } from '#app/components/ui/button.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { ApiError, messageOf } from '#app/lib/api.ts';
import { toast } from '#app/lib/use-toast.ts';
import { ColumnMappingFields, guessMapping, mappingFits } from './column-mapping.tsx';
import { ImportProgress, RecentImports } from './import-report.tsx';
import { headersOf, rowCountOf } from './price-file-reading.ts';
import { useSaveSupplier, useStartImport, useTyreImports, useTyreSuppliers } from './tyre-queries.ts';

/** Whose columns read the file: ours as documented, a kept supplier's mapping, or a new one. */
type Reader = { kind: 'own' } | { kind: 'supplier'; id: number } | { kind: 'new' };

type ChosenFile = { file: File; headers: string[]; rows: number };

/** The reader a file suggests: our own columns when it has them, else a supplier whose mapping fits it. */
function suggestedReader(headers: string[], suppliers: TyreSupplier[]): Reader {
  if (missingColumns(ownColumns(headers)).length === 0) return { kind: 'own' };
  const fitting = suppliers.find((supplier) => mappingFits(supplier.mapping, headers));
  return fitting ? { kind: 'supplier', id: fitting.id } : { kind: 'new' };
}

const readerValue = (reader: Reader) => (reader.kind === 'supplier' ? String(reader.id) : reader.kind);

type Errors = { file?: string; name?: string; mapping?: string };

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
  const saveSupplier = useSaveSupplier();
  const startImport = useStartImport();
  const fileInput = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [reader, setReader] = useState<Reader>({ kind: 'own' });
  const [name, setName] = useState('');
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [full, setFull] = useState(true);
  const [errors, setErrors] = useState<Errors>({});
  const fullId = useId();
  const busy = saveSupplier.isPending || startImport.isPending;

  const chooseReader = (next: Reader, headers = chosen?.headers ?? []) => {
    setReader(next);
    const kept =
      next.kind === 'supplier' ? suppliers.find((supplier) => supplier.id === next.id)?.mapping : {};
    setMapping(guessMapping(headers, kept));
    setErrors((current) => ({ file: current.file }));
  };

  async function chooseFile(file: File | undefined) {
    setErrors({});
    if (!file) {
      setChosen(null);
      return;
    }
    const [headers, rows] = await Promise.all([headersOf(file), rowCountOf(file)]);
    if (headers.length === 0) {
      setChosen(null);
      setErrors({ file: 'This file is empty: choose the supplier’s price file (CSV).' });
      return;
    }
    setChosen({ file, headers, rows });
    chooseReader(suggestedReader(headers, suppliers), headers);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!chosen) {
      setErrors({ file: 'Choose the price file to import' });
      fileInput.current?.focus();
      return;
    }
    const missing = missingColumns(mapping);
    const needs = missing.filter((column) => column !== 'season').map((column) => columnNames[column]);
    if (reader.kind !== 'own' && needs.length > 0) {
      setErrors({ mapping: `Choose the file’s columns for ${needs.join(', ')}.` });
      return;
    }
    if (reader.kind !== 'own' && missing.includes('season')) {
      setErrors({ mapping: seasonNeededMessage });
      return;
    }
    if (reader.kind === 'new' && name.trim() === '') {
      setErrors({ name: 'Enter the supplier’s name' });
      return;
    }
    setErrors({});
    try {
      let mappingId: number | null = null;
      if (reader.kind !== 'own') {
        const kept =
          reader.kind === 'supplier' ? suppliers.find((supplier) => supplier.id === reader.id) : undefined;
        const unchanged = kept && JSON.stringify(kept.mapping) === JSON.stringify(mapping);
        mappingId = unchanged
          ? kept.id
          : (
              await saveSupplier.mutateAsync({
                id: kept?.id ?? null,
                name: kept?.name ?? name.trim(),
                mapping,
              })
            ).id;
      }
      const { id } = await startImport.mutateAsync({ file: chosen.file, mappingId, full });
      onStarted(id, chosen.rows);
      setChosen(null);
      setName('');
      if (fileInput.current) fileInput.current.value = '';
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : undefined;
      if (fields?.name || fields?.mapping || fields?.file) {
        setErrors({ name: fields.name?.[0], mapping: fields.mapping?.[0], file: fields.file?.[0] });
      } else
        toast({ variant: 'destructive', title: 'The import did not start', description: messageOf(error) });
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Import a price file"
      className="grid gap-5"
    >
      <FormField
        id="price-file"
        label="Price file (CSV, comma or semicolon separated)"
        required
        error={errors.file}
        hint={`Our own columns: ${priceFileColumns.join(', ')}.`}
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

      {chosen && (
        <>
          <p className="text-sm text-slate-700" aria-live="polite">
            {chosen.file.name}: {chosen.rows.toLocaleString('en-GB')} rows, {chosen.headers.length} columns.
          </p>
          <FormField id="price-file-reader" label="Whose columns does it have?" error={undefined}>
            {(control) => (
              <select
                {...control}
                value={readerValue(reader)}
                onChange={(event) => {
                  const value = event.target.value;
                  chooseReader(
                    value === 'own' || value === 'new'
                      ? { kind: value }
                      : { kind: 'supplier', id: Number(value) },
                  );
                }}
              >
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
          {reader.kind === 'own' && missingColumns(ownColumns(chosen.headers)).length > 0 && (
            <p role="alert" className="text-sm font-medium text-red-700">
              This file does not have our columns (it lacks{' '}
              {missingColumns(ownColumns(chosen.headers))
                .map((column) => columnNames[column])
                .join(', ')}
              ): choose whose columns it has.
            </p>
          )}
          {reader.kind === 'new' && (
            <FormField id="supplier-name" label="Supplier’s name" required error={errors.name}>
              {(control) => (
                <input
                  {...control}
                  value={name}
                  maxLength={80}
                  onChange={(event) => setName(event.target.value)}
                />
              )}
            </FormField>
          )}
          {reader.kind !== 'own' && (
            <ColumnMappingFields
              headers={chosen.headers}
              mapping={mapping}
              onChange={setMapping}
              error={errors.mapping}
            />
          )}
          <div className="flex items-start gap-3">
            <input
              id={fullId}
              type="checkbox"
              className="mt-0.5 size-5 accent-brand-dark"
              checked={full}
              onChange={(event) => setFull(event.target.checked)}
            />
            <label htmlFor={fullId} className="text-sm text-ink">
              <span className="font-semibold">This is the supplier’s whole range.</span> Their tyres missing
              from the file become unavailable (never deleted); untick for a file with only some tyres.
            </label>
          </div>
        </>
      )}
      <Button type="submit" size="large" className="justify-self-start" aria-disabled={busy}>
        {busy ? 'Starting…' : 'Import'}
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
