import { Button, type ButtonVariant } from '#app/components/ui/button.tsx';

/** A small form's buttons: its submit (`busyLabel` while it is sent) and Cancel. */
export function SubmitOrCancel({
  label,
  busyLabel,
  busy,
  variant,
  onCancel,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  /** The submit button's look. */
  variant: ButtonVariant;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" disabled={busy} variant={variant} className="px-5">
        {busy ? busyLabel : label}
      </Button>
      <Button type="button" onClick={onCancel} variant="outline">
        Cancel
      </Button>
    </div>
  );
}
