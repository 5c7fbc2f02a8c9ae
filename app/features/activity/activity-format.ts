import { formatDateTimeSeconds } from '#common/time/formats.ts';
import type { ActivityEntry } from '#common/accounts/accounts.ts';

/** "23/11/2026, 14:05:09". */
export const formatActivityTime = formatDateTimeSeconds;

const valueText = (value: string | number | boolean | null) =>
  value === null ? 'none' : typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);

/** An entry's detail as short text: "from: new, to: quoted"; empty when there is none. */
export const detailText = (detail: ActivityEntry['detail']) =>
  Object.entries(detail)
    .map(([key, value]) => `${key}: ${valueText(value)}`)
    .join(', ');
