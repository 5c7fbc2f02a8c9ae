import { useId, useState, type KeyboardEvent } from 'react';
import { siteContentLimits, type ServiceContent } from '#common/site-content/site-content.ts';
import { FormField } from '#app/components/ui/form-field.tsx';
import { PlusIcon } from '#app/components/ui/staff-icons.tsx';
import { newService, newServiceAddressProblem, slugFromTitle } from './content-keys.ts';
import { useEditor } from '#app/components/editor/editor-context.ts';

/**
 * Adds a service: its name and its address, suggested from the name until staff write their own.
 * The new service opens for its texts and prices.
 */
export function AddServiceForm({
  services,
  onAdded,
}: {
  services: readonly ServiceContent[];
  onAdded: (service: ServiceContent, index: number) => void;
}) {
  const { dispatch } = useEditor();
  const id = useId();
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const [slugTouched, setSlugTouched] = useState(false);
  const [problems, setProblems] = useState<{ title?: string; slug?: string }>({});
  const full = services.length >= siteContentLimits.services;
  const address = slugTouched ? slug : slugFromTitle(title);

  function add() {
    const found = {
      title: title.trim() === '' ? 'Enter the service’s name' : undefined,
      slug: newServiceAddressProblem(address, services),
    };
    setProblems(found);
    if (found.title || found.slug) {
      document.getElementById(found.title ? `${id}-title` : `${id}-slug`)?.focus();
      return;
    }
    const service = newService({ title, slug: address }, services);
    dispatch({ type: 'add', path: ['services'], item: service });
    onAdded(service, services.length);
    setTitle('');
    setSlug('');
    setSlugTouched(false);
  }

  const onEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <fieldset className="min-w-0 grid gap-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4">
      <legend className="px-1 text-base font-semibold text-ink">Add a service</legend>
      {full ? (
        <p className="text-sm text-slate-600">At most {siteContentLimits.services} services.</p>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={`${id}-title`} label="Name of the new service" error={problems.title}>
              {(control) => (
                <input
                  {...control}
                  value={title}
                  onChange={(event) => setTitle(event.target.value)}
                  onKeyDown={onEnter}
                />
              )}
            </FormField>
            <FormField id={`${id}-slug`} label="Its page address" error={problems.slug}>
              {(control) => (
                <input
                  {...control}
                  value={address}
                  inputMode="url"
                  autoComplete="off"
                  aria-describedby={[`${id}-slug-hint`, control['aria-describedby']]
                    .filter(Boolean)
                    .join(' ')}
                  onChange={(event) => {
                    setSlugTouched(true);
                    setSlug(event.target.value);
                  }}
                  onKeyDown={onEnter}
                />
              )}
            </FormField>
          </div>
          <p id={`${id}-slug-hint`} className="-mt-2 text-sm text-slate-600">
            The page will be /services/{address || '…'}. Lower-case letters, digits and dashes.
          </p>
          <div>
            <button
              type="button"
              onClick={add}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-ink px-4 py-2 text-sm font-semibold text-white transition hover:bg-slate-700 sm:min-h-10"
            >
              <PlusIcon className="size-4" />
              Add service
            </button>
          </div>
        </>
      )}
    </fieldset>
  );
}
