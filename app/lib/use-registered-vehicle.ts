import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isRegistration } from '#common/vehicles/registration.ts';
import { registeredVehicleLine, type RegisteredVehicle } from '#common/vehicles/vehicle-data.ts';

/** How long typing pauses before the registration is looked up. */
const pauseMs = 600;

/**
 * The vehicle field filled from the registration as it is typed (GET /api/vehicles/lookup, the
 * DVLA's make): once typing pauses on a registration written as one, while the field is empty or
 * holds what the look-up put there. The DVLA gives no model, so a line under the field says what
 * was found and asks for it. Nothing is filled when the look-up fails or is off (what an earlier
 * registration filled goes): the customer types the vehicle as ever. Plain fetch, no query
 * library: the booking page's scripts are near their budget.
 */
export function useRegisteredVehicle(
  /** The vehicle field as a form library holds it (the enquiry form's); else the `vehicle` ref's input. */
  field?: { read(): string; write(value: string): void },
) {
  const vehicle = useRef<HTMLInputElement>(null);
  const filled = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [line, setLine] = useState('');
  useEffect(() => () => clearTimeout(timer.current), []);
  const read = () => (field ? field.read() : (vehicle.current?.value ?? ''));
  // Typed by the customer (not the look-up's): left alone.
  const ownValue = () => Boolean(read()) && read() !== filled.current;

  const onRegistration = (event: FormEvent<HTMLInputElement>) => {
    const registration = event.currentTarget.value;
    clearTimeout(timer.current);
    if (!isRegistration(registration) || ownValue()) return;
    timer.current = setTimeout(() => {
      if (ownValue()) return;
      fetch(`/api/vehicles/lookup?registration=${encodeURIComponent(registration)}`)
        .then((response) => (response.ok ? (response.json() as Promise<RegisteredVehicle>) : null))
        .then((found) => {
          if (ownValue() || !(field || vehicle.current)) return;
          // Not found (or not answered): what an earlier registration filled in goes.
          filled.current = found?.make ?? '';
          if (field) field.write(filled.current);
          else vehicle.current!.value = filled.current;
          setLine(found ? `${registeredVehicleLine(found)}: add the model` : '');
        })
        .catch(() => {});
    }, pauseMs);
  };
  return { vehicle, onRegistration, line };
}
