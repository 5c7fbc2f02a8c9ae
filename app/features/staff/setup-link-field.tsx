import { Button } from '#app/components/ui/button.tsx';
import { useId, useRef, useState } from 'react';
import type { SetupLink } from '#common/accounts/accounts.ts';
import { toast } from '#app/lib/use-toast.ts';
import { fieldClass } from '#app/components/ui/form-field.tsx';
import { setupLinkValidity } from './staff-format.ts';

/**
 * A one-time set-up link to hand to `username`: read-only, selected on focus, with Copy. It is
 * shown once, so it takes focus when it appears and says how long it lasts.
 */
export function SetupLinkField({ link, username }: { link: SetupLink; username: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link.setupUrl);
      setCopied(true);
      toast({ title: 'Link copied', description: `Send it to ${username} yourself.` });
    } catch {
      // No clipboard (refused, or not a secure page): the link is selected for copying by hand.
      input.current?.select();
      toast({
        variant: 'destructive',
        title: 'Copy failed',
        description: 'The link is selected: copy it with your keyboard or menu.',
      });
    }
  }

  return (
    <div className="rounded-xl border border-brand/60 bg-brand-light p-4">
      <label htmlFor={`${id}-url`} className="text-sm font-semibold text-ink">
        Set-up link for {username}
      </label>
      <div className="flex items-start gap-2">
        <input
          id={`${id}-url`}
          ref={input}
          type="text"
          readOnly
          autoFocus
          value={link.setupUrl}
          aria-describedby={`${id}-expiry`}
          onFocus={(event) => event.currentTarget.select()}
          spellCheck={false}
          className={`${fieldClass} min-w-0 flex-1 font-mono text-sm`}
        />
        <Button
          type="button"
          onClick={() => void copy()}
          variant="dark"
          className="mt-1.5 min-h-11 shrink-0 justify-center px-4"
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p id={`${id}-expiry`} className="mt-2 text-sm text-slate-700">
        {setupLinkValidity(link.setupExpiresAt)} It is shown only now: send it to {username} in a private
        message. With it they choose their own password.
      </p>
    </div>
  );
}
