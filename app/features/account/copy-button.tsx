import { toast } from '#app/lib/use-toast.ts';
import { Button } from '#app/components/ui/button.tsx';

/** Copies `text` to the clipboard and says so; when the browser refuses, says how to do it by hand. */
export function CopyButton({
  text,
  label,
  copied,
  className = '',
}: {
  text: string;
  label: string;
  /** The toast's title once copied: "Key copied". */
  copied: string;
  className?: string;
}) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: copied });
    } catch {
      toast({
        variant: 'destructive',
        title: 'Could not copy',
        description: 'Select the text and copy it yourself.',
      });
    }
  }
  return (
    <Button type="button" onClick={() => void copy()} variant="outline" className={className}>
      {label}
    </Button>
  );
}
