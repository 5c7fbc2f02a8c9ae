import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { CataloguePanel } from './catalogue-panel.tsx';
import { HeldPanel } from './held-panel.tsx';
import { ImportsPanel } from './imports-panel.tsx';
import { ToOrderPanel } from './to-order-panel.tsx';

const parts = [
  { value: 'stock', label: 'Stock', Panel: CataloguePanel },
  { value: 'held', label: 'Held', Panel: HeldPanel },
  { value: 'to-order', label: 'To order', Panel: ToOrderPanel },
  { value: 'imports', label: 'Imports', Panel: ImportsPanel },
] as const;

/**
 * The Tyres tab: the catalogue with its stock and prices, the tyres held by online bookings not
 * yet confirmed, the tyres to order for bookings, and supplier price files. The price rules are
 * in the Settings tab.
 */
export function TyresTab() {
  const [part, setPart] = useState<(typeof parts)[number]['value']>('stock');
  return (
    <section aria-labelledby="tyres-title" className="grid min-w-0 gap-4">
      <div className="max-w-3xl">
        <h2 id="tyres-title" className="text-xl font-bold text-ink">
          Tyres
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          What customers can find and book on the tyre pages: stock and prices, the tyres held by online
          bookings not yet confirmed, the tyres to order for bookings, and your supplier’s price files. The
          rules that price them are in Settings.
        </p>
      </div>
      <Tabs.Root
        value={part}
        onValueChange={(value) => setPart(value as typeof part)}
        // A grid item that may be narrower than its content: the stock table scrolls in its frame.
        className="min-w-0"
      >
        <Tabs.List
          aria-label="Tyres"
          className="mb-4 grid grid-cols-3 gap-0.5 rounded-lg border border-slate-200 bg-white p-1 sm:inline-flex"
        >
          {parts.map(({ value, label }) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="min-h-10 rounded-md px-2 text-sm font-semibold whitespace-nowrap text-slate-600 hover:text-ink data-[state=active]:bg-ink data-[state=active]:text-white sm:px-4"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {parts.map(({ value, Panel }) => (
          <Tabs.Content key={value} value={value} className="min-w-0 focus-visible:outline-none">
            <Panel />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
