import { useRef, useState, type FormEvent } from 'react';
import { isRegistration, normaliseRegistration, registrationMessage } from '#common/bookings/booking.ts';
import { Button } from '#app/components/ui/button.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';

const problemOf = (value: string) => (isRegistration(value) ? undefined : registrationMessage);

/**
 * The registration to look up, checked in the browser on submit first, then as it is corrected
 * (the API's own rule). One the address gave that is not a registration shows its error at once.
 */
export function VehicleSearch({
  initial,
  onFind,
}: {
  initial: string;
  onFind: (registration: string) => void;
}) {
  const [value, setValue] = useState(initial);
  const [submitted, setSubmitted] = useState(initial !== '');
  const [error, setError] = useState(initial === '' ? undefined : problemOf(initial));
  const input = useRef<HTMLInputElement>(null);

  function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const problem = problemOf(value);
    setError(problem);
    if (problem) input.current?.focus();
    else onFind(normaliseRegistration(value));
  }

  return (
    <form noValidate onSubmit={find} role="search" aria-label="Vehicle history" className="max-w-md">
      <FormField id="vehicle-registration" label="Registration" error={error}>
        {(control) => (
          <div className="flex items-start gap-2">
            <input
              {...control}
              ref={input}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="AB12 CDE"
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                if (submitted) setError(problemOf(event.target.value));
              }}
              className={`${control.className} min-w-0 flex-1 font-semibold tracking-wider uppercase placeholder:font-normal placeholder:tracking-normal placeholder:normal-case`}
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
