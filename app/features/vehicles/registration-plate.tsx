import { formatRegistration } from '#common/vehicles/registration.ts';

/** A registration as on the plate, on the plate's yellow. */
export function RegistrationPlate({ registration }: { registration: string }) {
  return (
    <span className="rounded bg-yellow-100 px-1.5 font-mono font-bold whitespace-nowrap text-ink">
      {formatRegistration(registration)}
    </span>
  );
}
