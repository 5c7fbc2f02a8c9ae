import { Button } from '#app/components/ui/button.tsx';
import { useRef, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { personalDataEmail } from '#common/privacy/privacy.ts';
import { FormField } from '#app/components/ui/form-field.tsx';

/** The address's problem, or undefined when the API will accept it (the same rule). */
const problemOf = (value: string) => z.safeParse(personalDataEmail, value).error?.issues[0]?.message;

/**
 * The e-mail address to look up, checked in the browser on submit first, then as it is corrected.
 * Find again for the same address reads it afresh.
 */
export function PersonalDataSearch({ onFind }: { onFind: (email: string) => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [submitted, setSubmitted] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const problem = problemOf(value);
    setError(problem);
    if (problem) input.current?.focus();
    else onFind(value.trim());
  }

  return (
    <form noValidate onSubmit={find} role="search" aria-label="Personal data" className="max-w-xl">
      <FormField id="personal-data-email" label="Customer's e-mail address" error={error}>
        {(control) => (
          <div className="flex items-start gap-2">
            <input
              {...control}
              ref={input}
              type="email"
              inputMode="email"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="name@example.com"
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                if (submitted) setError(problemOf(event.target.value));
              }}
              className={`${control.className} min-w-0 flex-1`}
            />
            <Button type="submit" variant="dark" className="mt-1.5 min-h-11 shrink-0 justify-center px-5">
              Find
            </Button>
          </div>
        )}
      </FormField>
    </form>
  );
}
