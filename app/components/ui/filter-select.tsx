const selectClass =
  'mt-1.5 block min-h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-ink shadow-sm focus:border-brand-dark focus:ring-2 focus:ring-brand/40 focus:outline-none sm:text-sm';

/**
 * One filter of a dashboard list (whose actions, which kind, which status): a labelled list whose
 * first choice, `all`, leaves the list unfiltered. `onChange` gets the value chosen as text, for
 * the caller to read back into its own type.
 */
export function FilterSelect({
  id,
  label,
  value,
  everything,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  /** The words of the `all` choice: "Everyone", "Every kind". */
  everything: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={selectClass}
      >
        <option value="all">{everything}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
