import type { MouseEvent } from 'react';
import type { SiteContent } from '#common/site-content/site-content.ts';
import { AlertIcon } from '#app/components/ui/icons.tsx';
import { errorKeysInOrder, fieldLocation } from './content-errors.ts';
import { fieldId, type FieldErrors } from '#app/components/editor/draft.ts';
import { errorSummaryId } from './use-content-publishing.ts';
import { plural } from '#common/util/words.ts';

/** The field of a key, or the nearest list or group around it that is on the page. */
function elementOf(key: string): HTMLElement | null {
  const segments = key.split('.');
  while (segments.length > 0) {
    const element = document.getElementById(fieldId(segments.join('.')));
    if (element) return element;
    segments.pop();
  }
  return null;
}

function goToField(event: MouseEvent<HTMLAnchorElement>, key: string) {
  const element = elementOf(key);
  if (!element) return;
  event.preventDefault();
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: 'center' });
}

const attentionText = (count: number) => plural(count, 'field needs', 'fields need') + ' attention';

/** How many fields need attention, each a link to the field, at the top of the section. */
export function ErrorSummary({ errors, draft }: { errors: FieldErrors; draft: SiteContent }) {
  const keys = errorKeysInOrder(errors);
  if (keys.length === 0) return null;
  return (
    <div
      id={errorSummaryId}
      tabIndex={-1}
      aria-labelledby={`${errorSummaryId}-title`}
      role="group"
      className="scroll-mt-4 rounded-2xl border-2 border-red-700 bg-red-50 p-4 focus:outline-none focus-visible:ring-4 focus-visible:ring-red-300 sm:p-5"
    >
      <h2 id={`${errorSummaryId}-title`} className="flex items-center gap-2 text-lg font-bold text-red-800">
        <AlertIcon className="size-5 shrink-0" />
        {attentionText(keys.length)}
      </h2>
      <p className="mt-1 text-sm text-red-900">
        Nothing has been published. Correct these, then publish again.
      </p>
      <ul className="mt-3 grid gap-1.5 text-sm">
        {keys.map((key) => (
          <li key={key}>
            <a
              href={`#${fieldId(key)}`}
              onClick={(event) => goToField(event, key)}
              className="font-semibold break-words text-red-800 underline underline-offset-2 hover:text-red-950"
            >
              {fieldLocation(draft, key)}
            </a>
            <span className="text-red-900">: {errors[key]![0]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
