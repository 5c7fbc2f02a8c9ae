import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '#app/components/ui/form-field.tsx';
import { useRegisteredVehicle } from '#app/lib/use-registered-vehicle.ts';

type TextInputProps = UseFormRegisterReturn & { maxLength: number; defaultValue: string | undefined };

/**
 * The vehicle's registration and its make and model: the make filled from the registration as it
 * is typed (the DVLA's, where set up), the customer adding the model.
 */
export function VehicleFields({
  registration,
  vehicle,
  errorOf,
  read,
  write,
}: {
  registration: TextInputProps;
  vehicle: TextInputProps;
  errorOf: (field: 'registration' | 'vehicle') => string | undefined;
  read: () => string;
  write: (make: string) => void;
}) {
  const lookup = useRegisteredVehicle({ read, write });
  return (
    <>
      <FormField id="enquiry-registration" label="Vehicle registration" error={errorOf('registration')}>
        {(control) => (
          <input
            {...control}
            {...registration}
            onInput={lookup.onRegistration}
            autoCapitalize="characters"
            placeholder="e.g. AB12 CDE"
          />
        )}
      </FormField>
      <FormField
        id="enquiry-vehicle"
        label="Vehicle Make & Model"
        hint={lookup.line || undefined}
        error={errorOf('vehicle')}
      >
        {(control) => <input {...control} {...vehicle} placeholder="e.g. Ford Focus 2019" />}
      </FormField>
    </>
  );
}
