/**
 * Dates and times as the dashboard shows them: en-GB, in London time, whatever the browser's own
 * time zone ("23/11/2026, 14:05").
 */
const londonFormat = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'Europe/London' });

const day = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
const dayFormat = londonFormat(day);
const dateTimeFormat = londonFormat({ ...day, hour: '2-digit', minute: '2-digit' });
const secondsFormat = londonFormat({ ...day, hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** "23/11/2026". */
export const formatDay = (iso: string) => dayFormat.format(new Date(iso));
/** "23/11/2026, 14:05". */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
/** "23/11/2026, 14:05:09". */
export const formatDateTimeSeconds = (iso: string) => secondsFormat.format(new Date(iso));
