import { memo } from 'react';
import type { BranchContent } from '#common/site-content/site-content.ts';
import { TextField } from '#app/components/editor/fields.tsx';
import { fieldId } from '#app/components/editor/draft.ts';
import { ItemControls } from '#app/components/editor/list-controls.tsx';
import { WeeklyHours } from './weekly-hours.tsx';

type BranchEditorProps = { branch: BranchContent; index: number; count: number };

/** One branch: its name, phone, address, opening hours per weekday and Sunday note. */
export const BranchEditor = memo(function BranchEditor({ branch, index, count }: BranchEditorProps) {
  const path = ['branches', index] as const;
  const name = branch.name.trim() || `branch ${index + 1}`;
  const headingId = `branch-${branch.key}-heading`;
  return (
    <li data-entry={fieldId(path)}>
      <article
        aria-labelledby={headingId}
        className="grid gap-5 border-t border-slate-200 pt-5 sm:rounded-xl sm:border sm:p-5"
      >
        <div className="flex items-center justify-between gap-3">
          <h3 id={headingId} className="min-w-0 pl-1 text-lg font-bold break-words text-ink">
            {branch.name.trim() || 'New branch'}
          </h3>
          <ItemControls
            listPath={['branches']}
            index={index}
            count={count}
            name={name}
            confirmRemoval={{
              title: `Remove ${name}?`,
              description:
                'Once you publish, the branch, its address, phone and opening hours leave the site and its structured data.',
            }}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField path={[...path, 'name']} value={branch.name} className="sm:col-span-2" />
          <TextField
            path={[...path, 'formattedPhone']}
            value={branch.formattedPhone}
            type="tel"
            hint="As customers read it."
          />
          <TextField
            path={[...path, 'phone']}
            value={branch.phone}
            type="tel"
            inputMode="tel"
            hint="Digits only, for calling: +441708123456."
          />
          <TextField
            path={[...path, 'address', 'street']}
            value={branch.address.street}
            className="sm:col-span-2"
          />
          <TextField path={[...path, 'address', 'locality']} value={branch.address.locality} />
          <TextField
            path={[...path, 'address', 'postcode']}
            value={branch.address.postcode}
            autoComplete="off"
          />
        </div>
        <WeeklyHours path={[...path, 'hours']} hours={branch.hours} branchName={name} />
        <TextField
          path={[...path, 'sundayNote']}
          value={branch.sundayNote}
          hint="Shown beside Sunday’s hours, or instead of them when the branch is closed on Sundays (for example “Emergency call-outs only”). May be empty."
        />
      </article>
    </li>
  );
});
