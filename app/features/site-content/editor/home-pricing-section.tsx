import { memo } from 'react';
import { siteContentLimits, type PriceGroup, type SiteContent } from '#common/site-content/site-content.ts';
import { ListError, TextField } from '#app/components/editor/fields.tsx';
import { TokensHint } from './tokens-hint.tsx';
import { fieldId } from '#app/components/editor/draft.ts';
import { AddButton, ItemControls } from '#app/components/editor/list-controls.tsx';
import { ContentSection } from './content-section.tsx';
import { PriceLinesField } from './price-lines-field.tsx';

const groupsPath = ['homePricing', 'groups'] as const;
const newGroup: PriceGroup = { title: '', from: '', items: [{ name: '', price: '' }] };

function PriceGroupEditor({ group, index, count }: { group: PriceGroup; index: number; count: number }) {
  const path = [...groupsPath, index];
  const name = group.title.trim() || `price group ${index + 1}`;
  const headingId = `${fieldId(path)}-heading`;
  return (
    <li data-entry={fieldId(path)}>
      <article aria-labelledby={headingId} className="grid gap-4 rounded-xl border border-slate-200 p-4">
        <div className="flex items-center justify-between gap-3">
          <h3 id={headingId} className="min-w-0 text-base font-bold break-words text-ink">
            {group.title.trim() || 'New price group'}
          </h3>
          <ItemControls listPath={groupsPath} index={index} count={count} name={name} />
        </div>
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
          <TextField path={[...path, 'title']} value={group.title} />
          <TextField path={[...path, 'from']} value={group.from} />
        </div>
        <PriceLinesField path={[...path, 'items']} lines={group.items} />
      </article>
    </li>
  );
}

/** The pricing section of the home page: its introduction, the price groups and the note. */
export const HomePricingSection = memo(function HomePricingSection({
  pricing,
}: {
  pricing: SiteContent['homePricing'];
}) {
  return (
    <ContentSection id="section-home-prices" lead="The pricing section of the home page (anchor #pricing).">
      <TextField path={['homePricing', 'lead']} value={pricing.lead} rows={2} hint={<TokensHint />} />
      <div id={fieldId(groupsPath)} tabIndex={-1} className="grid gap-3 focus:outline-none">
        <ListError path={groupsPath} />
        <ol className="grid gap-4">
          {pricing.groups.map((group, index) => (
            <PriceGroupEditor key={index} group={group} index={index} count={pricing.groups.length} />
          ))}
        </ol>
        <AddButton
          listPath={groupsPath}
          item={newGroup}
          count={pricing.groups.length}
          limit={siteContentLimits.priceGroups}
          noun="price groups"
        >
          Add a price group
        </AddButton>
      </div>
      <TextField path={['homePricing', 'note']} value={pricing.note} rows={2} />
    </ContentSection>
  );
});
