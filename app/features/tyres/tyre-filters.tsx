import { Form } from 'react-router';
import { Button } from '#app/components/ui/button.tsx';
import { maxTyreQuantity, seasonNames, seasons, tyreSortNames, tyreSorts } from '#common/tyres/catalogue.ts';
import type { TyreChoices } from './tyre-query.ts';

const fieldClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base focus:border-brand-dark focus:outline-none focus:ring-2 focus:ring-brand';

/**
 * The size page's choices: how many tyres, the order, and the filters. A plain GET form (it
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
      <label className="text-sm font-semibold">
        How many tyres
        <select name="quantity" defaultValue={String(choices.quantity)} className={fieldClass}>
          {Array.from({ length: maxTyreQuantity }, (_, index) => index + 1).map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-semibold">
        Sort by
        <select name="sort" defaultValue={choices.sort} className={fieldClass}>
          {tyreSorts.map((sort) => (
            <option key={sort} value={sort}>
              {tyreSortNames[sort]}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-semibold">
        Season
        <select name="season" defaultValue={choices.season} className={fieldClass}>
          <option value="">Any season</option>
          {seasons.map((season) => (
            <option key={season} value={season}>
              {seasonNames[season]}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-semibold">
        Brand
        <select name="brand" defaultValue={choices.brand} className={fieldClass}>
          <option value="">Any brand</option>
          {brands.map((brand) => (
            <option key={brand} value={brand}>
              {brand}
            </option>
          ))}
        </select>
      </label>
      <div className="col-span-2 flex flex-wrap items-center gap-x-6 gap-y-1 lg:col-span-3">
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
