import { Button } from '#app/components/ui/button.tsx';
import { useEffect, useRef } from 'react';
import { saveFile } from '#app/lib/save-file.ts';
import { DownloadIcon } from '#app/components/ui/staff-icons.tsx';
import { recoveryCodesFileName, recoveryCodesText } from './account-format.ts';
import { CopyButton } from './copy-button.tsx';

/**
 * The recovery codes, shown this once: to copy, to download as a text file, and to be put away.
 * Focus comes here when they appear, so that nobody tabs past them unawares.
 */
export function RecoveryCodes({
  username,
  codes,
  onSaved,
}: {
  username: string;
  codes: readonly string[];
  onSaved: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="grid gap-4 rounded-lg border border-amber-300 bg-amber-50 p-4 sm:p-5">
      <div>
        <h4 ref={heading} tabIndex={-1} className="font-bold text-ink focus:outline-none">
          Save your recovery codes
        </h4>
        <p className="mt-1 max-w-2xl text-sm text-slate-700">
          If you lose your phone, each code signs you in once instead of a code from the app. Keep them
          somewhere safe, such as a password manager.{' '}
          <strong className="text-ink">This is the only time they are shown.</strong>
        </p>
      </div>
      <ol
        aria-label="Recovery codes"
        className="grid max-w-md grid-cols-2 gap-x-6 gap-y-1.5 rounded-lg border border-slate-200 bg-white p-4 font-mono text-base text-ink select-all"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={codes.join('\n')} label="Copy all" copied="Recovery codes copied" />
        <Button
          type="button"
          onClick={() =>
            saveFile(
              recoveryCodesFileName(username),
              new Blob([recoveryCodesText(username, codes, new Date())], {
                type: 'text/plain;charset=utf-8',
              }),
            )
          }
          variant="outline"
        >
          <DownloadIcon className="size-4" />
          Download (.txt)
        </Button>
        <Button type="button" onClick={onSaved} variant="dark" className="px-5">
          I have saved these codes
        </Button>
      </div>
    </div>
  );
}
