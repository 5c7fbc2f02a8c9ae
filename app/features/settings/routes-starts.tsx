import { memo } from 'react';
import type { Fitter } from '#common/accounts/accounts.ts';
import { routeLimits, type RouteStart } from '#common/routing/settings.ts';
import type { BranchContent } from '#common/site-content/site-content.ts';
import { controlClass, FieldFrame, TextField } from '#app/components/editor/fields.tsx';
import { fieldId, type Path } from '#app/components/editor/draft.ts';
import { useEditor } from '#app/components/editor/editor-context.ts';
import { AddButton, ItemControls } from '#app/components/editor/list-controls.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { ListFieldset } from './settings-list-fieldset.tsx';
import { branchStarts, newStart } from './routes-draft.ts';
import { settingsFieldLabel } from './settings-labels.ts';

const startsPath = ['routes', 'starts'] as const;

/** The option for a start that is no fitter's van (a branch's). */
const noFitter = '';

/** The fitter whose van starts here, of the fitter accounts; "No fitter" for a branch's van. */
function FitterSelect({
  path,
  fitterId,
  fitters,
}: {
  path: Path;
  fitterId: number | null | undefined;
  fitters: readonly Fitter[];
}) {
  const { dispatch } = useEditor();
  const value = fitterId == null ? noFitter : String(fitterId);
  const known = fitterId == null || fitters.some((fitter) => fitter.id === fitterId);
  return (
    <FieldFrame path={path} label={settingsFieldLabel(path)}>
      {(control) => (
        <select
          {...control}
          value={value}
          onChange={(event) =>
            dispatch({
              type: 'set',
              path,
              value: event.target.value === noFitter ? null : Number(event.target.value),
            })
          }
          className={controlClass}
        >
          <option value={noFitter}>No fitter</option>
          {fitters.map((fitter) => (
            <option key={fitter.id} value={String(fitter.id)}>
              {fitter.name}
            </option>
          ))}
          {!known && <option value={value}>A fitter no longer listed</option>}
        </select>
      )}
    </FieldFrame>
  );
}

/** One start: its name, postcode and fitter, and its remove button. */
function StartEntry({
  start,
  index,
  count,
  fitters,
}: {
  start: RouteStart;
  index: number;
  count: number;
  fitters: readonly Fitter[];
}) {
  const path = [...startsPath, index];
  const name = start.name.trim() || `start ${index + 1}`;
  return (
    <li data-entry={fieldId(path)}>
      <fieldset className="grid min-w-0 grid-cols-[minmax(0,1fr)_auto] items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:grid-cols-[minmax(0,1fr)_9rem_minmax(0,1fr)_auto] lg:grid-cols-[minmax(0,1fr)_13rem_minmax(0,1fr)_auto]">
        <legend className="sr-only">Start {index + 1}</legend>
        <TextField path={[...path, 'name']} value={start.name} />
        <TextField path={[...path, 'postcode']} value={start.postcode} className="col-span-2 sm:col-span-1" />
        <div className="col-span-2 sm:col-span-1">
          <FitterSelect path={[...path, 'fitterId']} fitterId={start.fitterId} fitters={fitters} />
        </div>
        <div className="mt-[1.625rem] max-sm:col-start-2 max-sm:row-start-1">
          <ItemControls listPath={startsPath} index={index} count={count} name={name} movable={false} />
        </div>
      </fieldset>
    </li>
  );
}

/**
 * Where each van's day starts, a branch or a fitter's home, with the fitter whose van it is; the
 * branches of the site's content added in one go.
 */
export const StartsField = memo(function StartsField({
  starts,
  branches,
  fitters,
}: {
  starts: readonly RouteStart[];
  branches: readonly BranchContent[];
  fitters: readonly Fitter[];
}) {
  const { dispatch } = useEditor();
  const toAdd = branchStarts(branches, starts);
  return (
    <ListFieldset
      path={startsPath}
      hint="One a van: where its day starts, a branch or a fitter’s home. With none, mobile fitting is booked by the windows’ places alone."
    >
      {starts.length > 0 && (
        <ol className="grid gap-3">
          {starts.map((start, index) => (
            <StartEntry key={index} start={start} index={index} count={starts.length} fitters={fitters} />
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <AddButton
          listPath={startsPath}
          item={newStart}
          count={starts.length}
          limit={routeLimits.starts}
          noun="starts"
        >
          Add a start
        </AddButton>
        <Button
          type="button"
          variant="outline"
          className="min-h-11 sm:min-h-10"
          disabled={toAdd.length === 0}
          onClick={() => dispatch({ type: 'set', path: startsPath, value: [...starts, ...toAdd] })}
        >
          Add the branches
        </Button>
      </div>
    </ListFieldset>
  );
});
