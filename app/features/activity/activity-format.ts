import { formatDateTimeSeconds } from '#common/time/formats.ts';

/** "23/11/2026, 14:05:09". */
export const formatActivityTime = formatDateTimeSeconds;
