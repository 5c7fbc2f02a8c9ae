import { siteContentLimits, type PriceLine } from '#common/site-content/site-content.ts';
import { fieldLabel } from './content-errors.ts';
import { ListError, TextField } from '#app/components/editor/fields.tsx';
import { fieldId, type Path } from '#app/components/editor/draft.ts';
import { AddButton, ItemControls } from '#app/components/editor/list-controls.tsx';

const newLine: PriceLine = { name: '', price: '' };

/** The name of a price line for its group and buttons: its own text, else its position. */
const priceLineName = (line: PriceLine, index: number) => line.name.trim() || `price line ${index + 1}`;

/** A price list (a service's, or a group's on the home page): what each price is for, and the price. */
export function PriceLinesField({ path, lines }: { path: Path; lines: readonly PriceLine[] }) {
  return (
    <fieldset id={fieldId(path)} tabIndex={-1} className="min-w-0 grid gap-3 focus:outline-none">
      <legend className="text-base font-semibold text-ink">{fieldLabel(path)}</legend>
      <ListError path={path} />
      {lines.length > 0 && (
        <ol className="grid gap-3">
          {lines.map((line, index) => {
            const linePath = [...path, index];
            const name = priceLineName(line, index);
            return (
              <li
                key={index}
                data-entry={fieldId(linePath)}
                className="rounded-lg border border-slate-200 bg-slate-50 p-3"
              >
                <fieldset className="min-w-0 grid grid-cols-[minmax(0,1fr)_auto] items-start gap-3 sm:grid-cols-[minmax(0,1fr)_9rem_auto]">
                  <legend className="sr-only">{name}</legend>
                  <TextField
                    path={[...linePath, 'name']}
                    value={line.name}
                    className="col-span-2 sm:col-span-1"
                  />
                  <TextField path={[...linePath, 'price']} value={line.price} />
                  <div className="mt-[1.625rem]">
                    <ItemControls listPath={path} index={index} count={lines.length} name={name} />
                  </div>
                </fieldset>
                {line.key && (
                  <p className="mt-2 text-sm text-slate-600">
                    Texts name this price{' '}
                    <code className="font-mono text-[0.8125rem] text-ink">{`{price:${line.key}}`}</code>: a
                    new price here changes them all.
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <AddButton
        listPath={path}
        item={newLine}
        count={lines.length}
        limit={siteContentLimits.priceLines}
        noun="price lines"
      >
        Add a price
      </AddButton>
    </fieldset>
  );
}
