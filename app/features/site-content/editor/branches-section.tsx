import { memo, useId, useState } from 'react';
import { siteContentLimits, type BranchContent } from '#common/site-content/site-content.ts';
import { FormField } from '#app/components/ui/form-field.tsx';
import { PlusIcon } from '#app/components/ui/staff-icons.tsx';
import { BranchEditor } from './branch-editor.tsx';
import { ListError } from '#app/components/editor/fields.tsx';
import { fieldId } from '#app/components/editor/draft.ts';
import { useEditor } from '#app/components/editor/editor-context.ts';
import { newBranch } from './content-keys.ts';
import { ContentSection } from './content-section.tsx';

/** Adds a branch by its name; its hours start as the first branch's. */
function AddBranchForm({ branches }: { branches: readonly BranchContent[] }) {
  const { dispatch } = useEditor();
  const id = useId();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string>();
  if (branches.length >= siteContentLimits.branches) {
    return <p className="text-sm text-slate-600">At most {siteContentLimits.branches} branches.</p>;
  }

  function add() {
    if (name.trim() === '') {
      setProblem('Enter the branch’s name');
      document.getElementById(id)?.focus();
      return;
    }
    setProblem(undefined);
    dispatch({ type: 'add', path: ['branches'], item: newBranch(name, branches) });
    setName('');
    const index = branches.length;
    requestAnimationFrame(() =>
      document.getElementById(fieldId(['branches', index, 'formattedPhone']))?.focus(),
    );
  }

  return (
    <fieldset className="min-w-0 grid gap-3 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
      <legend className="px-1 text-base font-semibold text-ink">Add a branch</legend>
      <FormField id={id} label="Name of the new branch" error={problem}>
        {(control) => (
          <input
            {...control}
            value={name}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
        )}
      </FormField>
      <div>
        <button
          type="button"
          onClick={add}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-ink px-4 py-2 text-sm font-semibold text-white transition hover:bg-slate-700"
        >
          <PlusIcon className="size-4" />
          Add branch
        </button>
      </div>
    </fieldset>
  );
}

/** The branches, each with its address, phone and weekly opening hours. */
export const BranchesSection = memo(function BranchesSection({
  branches,
}: {
  branches: readonly BranchContent[];
}) {
  return (
    <ContentSection
      id="section-branches"
      lead="The branches section of the home page, the structured data for search engines, and where bookings go."
    >
      <div id={fieldId(['branches'])} tabIndex={-1} className="grid gap-3 focus:outline-none">
        <ListError path={['branches']} />
        <ol className="grid gap-5">
          {branches.map((branch, index) => (
            <BranchEditor key={branch.key} branch={branch} index={index} count={branches.length} />
          ))}
        </ol>
      </div>
      <AddBranchForm branches={branches} />
    </ContentSection>
  );
});
