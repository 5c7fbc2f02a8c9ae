import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { ChangeList } from './change-list.tsx';

export const unpublishedText = (count: number) =>
  count === 0
    ? 'No unpublished changes'
    : count === 1
      ? '1 unpublished change'
      : `${count} unpublished changes`;

type PublishBarProps = {
  /** How many changes the draft makes to the published version. */
  count: number;
  busy: boolean;
  /** The changes to confirm, once the draft has passed the checks; null while the dialog is shut. */
  confirming: readonly string[] | null;
  onPublish: () => void;
  onConfirm: () => void;
  onCancel: () => void;
  onDiscard: () => void;
};

const buttonClass =
  'inline-flex min-h-12 items-center justify-center rounded-lg px-3.5 text-base font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink disabled:cursor-not-allowed disabled:opacity-50 sm:min-h-11 sm:text-sm';

/**
 * Stays at the foot of the screen while staff edit: how many changes are unpublished, Publish
 * (after a confirmation listing them) and Discard. Large targets: it is used on a phone too.
 */
export function PublishBar({
  count,
  busy,
  confirming,
  onPublish,
  onConfirm,
  onCancel,
  onDiscard,
}: PublishBarProps) {
  return (
    <div
      id="content-publish-bar"
      className="sticky bottom-0 z-20 -mx-4 mt-6 border-t border-slate-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-6px_16px_-8px_rgb(15_23_42/0.25)] backdrop-blur sm:mx-0 sm:mb-4 sm:rounded-2xl sm:border sm:px-5"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p
          role="status"
          className="flex min-w-0 flex-1 items-center gap-2 text-sm leading-tight font-semibold text-ink"
        >
          <span
            aria-hidden="true"
            className={`size-2.5 shrink-0 rounded-full ${count > 0 ? 'bg-accent' : 'bg-brand'}`}
          />
          {unpublishedText(count)}
        </p>
        <div className="flex gap-2">
          {count > 0 && (
            <ConfirmDialog
              trigger={
                <button
                  type="button"
                  disabled={busy}
                  className={`${buttonClass} border border-slate-300 bg-white text-ink hover:bg-slate-100`}
                >
                  Discard
                </button>
              }
              title="Discard your changes?"
              description={`${unpublishedText(count)} will be removed and the published version shown again.`}
              confirmLabel="Discard changes"
              destructive
              onConfirm={onDiscard}
            />
          )}
          <button
            type="button"
            disabled={count === 0 || busy}
            onClick={onPublish}
            className={`${buttonClass} min-w-24 bg-brand sm:min-w-28 text-ink hover:bg-brand-dark hover:text-white`}
          >
            {busy ? 'Publishing...' : 'Publish'}
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) onCancel();
        }}
        title="Publish these changes?"
        description="They show on the site as soon as they are published."
        confirmLabel="Publish"
        onConfirm={onConfirm}
      >
        <div className="mt-4 max-h-72 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-3">
          <ChangeList changes={confirming ?? []} empty="Only spacing changes." />
        </div>
      </ConfirmDialog>
    </div>
  );
}
