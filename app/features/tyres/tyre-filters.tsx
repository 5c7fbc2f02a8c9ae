import { Form } from 'react-router';
import { Button } from '#app/components/ui/button.tsx';
import { maxTyreQuantity, seasonNames, seasons, tyreSortNames, tyreSorts } from '#common/tyres/catalogue.ts';
import { tyreTierNames, tyreTiers } from '#common/tyres/pricing.ts';
import type { TyreChoices } from './tyre-query.ts';

const fieldClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base focus:border-brand-dark focus:outline-none focus:ring-2 focus:ring-brand';

/** One of the form's choices: its options as [value, text], after "any" when it may be left open. */
function Choice({
  label,
  name,
  value,
  any,
  options,
}: {
  label: string;
  name: string;
  value: string | undefined;
  any?: string;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <label className="text-sm font-semibold">
      {label}
      <select name={name} defaultValue={value} className={fieldClass}>
        {any && <option value="">{any}</option>}
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The size page's choices: how many tyres, the order of the whole list, and the filters (the
 * range among them: each tyre says its own). A plain GET form (it
 * works without scripts, with its button); with scripts, each change shows the results at once.
 */
export function TyreFilters({ choices, brands }: { choices: TyreChoices; brands: readonly string[] }) {
  return (
    <Form
      method="get"
      preventScrollReset
      onChange={(event) => event.currentTarget.requestSubmit()}
      className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:gap-4 lg:grid-cols-4"
      aria-label="Choose and sort the tyres"
    >
      <Choice
        label="How many tyres"
        name="quantity"
        value={String(choices.quantity)}
        options={Array.from({ length: maxTyreQuantity }, (_, index) => [
          String(index + 1),
          String(index + 1),
        ])}
      />
      <Choice
        label="Sort by"
        name="sort"
        value={choices.sort}
        options={tyreSorts.map((sort) => [sort, tyreSortNames[sort]])}
      />
      <Choice
        label="Season"
        name="season"
        value={choices.season}
        any="Any season"
        options={seasons.map((season) => [season, seasonNames[season]])}
      />
      <Choice
        label="Range"
        name="tier"
        value={choices.tier}
        any="Any range"
        options={tyreTiers.map((tier) => [tier, tyreTierNames[tier]])}
      />
      <Choice
        label="Brand"
        name="brand"
        value={choices.brand}
        any="Any brand"
        options={brands.map((brand) => [brand, brand])}
      />
      <div className="col-span-2 flex flex-wrap items-center gap-x-6 gap-y-1 lg:col-span-2">
        <label className="flex min-h-10 items-center gap-2 text-sm font-semibold">
          <input
            type="checkbox"
            name="runflat"
            value="true"
            defaultChecked={choices.runFlat}
            className="size-5 accent-brand-dark"
          />
          Run-flat only
        </label>
        <label className="flex min-h-10 items-center gap-2 text-sm font-semibold">
          <input
            type="checkbox"
            name="tomorrow"
            value="true"
            defaultChecked={choices.tomorrow}
            className="size-5 accent-brand-dark"
          />
          Can be fitted tomorrow
        </label>
      </div>
      <div className="col-span-2 flex items-end lg:col-span-1">
        <Button type="submit" variant="dark" size="large" className="w-full">
          Show tyres
        </Button>
      </div>
    </Form>
  );
}
