import { buttonClass } from './button.tsx';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';

type ConfirmDialogProps = {
  /** The control that opens the dialog (rendered as the trigger itself). */
  trigger?: ReactNode;
  /** Opened and closed by the caller instead of a trigger (after a check, say). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description?: string;
  /** More than a sentence: a list of what will happen, below the description. */
  children?: ReactNode;
  confirmLabel: string;
  /** The button that closes the dialog without doing anything ("Cancel" unless that would mislead). */
  cancelLabel?: string;
  destructive?: boolean;
  onConfirm: () => void;
  /**
   * Whether the confirm button closes the dialog (the default). A dialog whose request may be
   * refused stays open instead, controlled through `open`, so that the refusal shows where the
   * choice was made; its caller closes it once the request succeeds.
   */
  closeOnConfirm?: boolean;
  /** While the request is on its way the confirm button says `busyLabel` and does nothing. */
  busy?: boolean;
  busyLabel?: string;
};

/**
 * An in-page confirmation (Radix AlertDialog): focus moves into it and back to the trigger,
 * Escape or Cancel closes it, and the page behind is inert while it is open.
 */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive,
  onConfirm,
  closeOnConfirm = true,
  busy = false,
  busyLabel,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/60" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="font-heading text-lg font-bold text-ink">{title}</AlertDialog.Title>
          <AlertDialog.Description
            className={description ? 'mt-2 text-sm break-words text-slate-600' : 'sr-only'}
          >
            {description ?? title}
          </AlertDialog.Description>
          {children}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass('outline', 'compact', 'justify-center px-4')}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              aria-disabled={busy || undefined}
              onClick={(event) => {
                // Radix closes the dialog unless the click's default is prevented.
                if (!closeOnConfirm || busy) event.preventDefault();
                if (!busy) onConfirm();
              }}
              className={buttonClass(
                destructive ? 'danger-solid' : 'primary',
                'compact',
                'justify-center px-4',
              )}
            >
              {busy && busyLabel ? busyLabel : confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
