import type { ActivityEntry } from '#common/accounts/accounts.ts';

/** Date and time to the second in en-GB, London time: "23/11/2026, 14:05:09". */
const activityTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'Europe/London',
});

export const formatActivityTime = (iso: string) => activityTimeFormat.format(new Date(iso));

const valueText = (value: string | number | boolean | null) =>
  value === null ? 'none' : typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);

/** An entry's detail as short text: "from: new, to: quoted"; empty when there is none. */
export const detailText = (detail: ActivityEntry['detail']) =>
  Object.entries(detail)
    .map(([key, value]) => `${key}: ${valueText(value)}`)
    .join(', ');
