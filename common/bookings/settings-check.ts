import { mobileLocation, type BookingSettings } from './settings.ts';

/**
 * What the booking settings must agree with beyond themselves: each place with times of its own
 * is mobile fitting or a branch of the site content, listed once.
 */
export function bookingSettingsCheck(
  settings: BookingSettings,
  { branches }: { branches: readonly { key: string }[] },
): { path: (string | number)[]; message: string }[] {
  const keys = new Set([mobileLocation, ...branches.map((branch) => branch.key)]);
  const seen = new Set<string>();
  return settings.locations.flatMap(({ key }, index) => {
    const path = ['locations', index, 'key'];
    if (seen.has(key)) return [{ path, message: 'This place already has its own times' }];
    seen.add(key);
    return keys.has(key) ? [] : [{ path, message: 'No such branch' }];
  });
}
