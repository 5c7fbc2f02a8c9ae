import type { BranchContent, SiteContent } from '#common/site-content/site-content.ts';
import type { Path } from './draft-state.ts';

export type Invoicing = NonNullable<SiteContent['invoicing']>;

/**
 * The invoicing details as invoices print them: the business's own once set, else the first
 * branch's address (as the server's invoices do until then) and no VAT number of its own.
 */
export function invoicingOf(content: {
  branches: readonly BranchContent[];
  invoicing?: SiteContent['invoicing'];
}): Invoicing {
  if (content.invoicing) return content.invoicing;
  const branch = content.branches[0];
  return {
    address: branch ? [branch.address.street, branch.address.locality, branch.address.postcode] : [],
    vatNumber: '',
  };
}

/**
 * The draft about to take an edit at `path`. The document holds both details or neither, so the
 * first edit of one starts from what invoices print now, and the other is kept as shown.
 */
export function withInvoicingFor(draft: SiteContent, path: Path): SiteContent {
  return path[0] === 'invoicing' && path.length > 1 && !draft.invoicing
    ? { ...draft, invoicing: invoicingOf(draft) }
    : draft;
}

/** An address typed one line per line, as the document lists it; and back. */
export const addressLines = (text: string): string[] => text.split(/\r?\n/);
export const addressText = (lines: readonly string[]): string => lines.join('\n');
