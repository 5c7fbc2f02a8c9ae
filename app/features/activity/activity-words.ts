import type { ActivityEntry } from '#common/accounts/accounts.ts';
import { settingsDomains } from '#common/settings/domains.ts';
import { dayMonthYearText } from '#common/time/formats.ts';
import { plural } from '#common/util/words.ts';
import { formatPence } from '#common/util/money.ts';

type Detail = ActivityEntry['detail'];
type Value = Detail[string];

const valueText = (value: Value) =>
  value === null ? 'none' : typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);

/** "priceOverride" → "price override". */
const keyText = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

const count = (value: Value, one: string, many?: string) =>
  typeof value === 'number' ? plural(value, one, many) : `${one}: ${valueText(value)}`;

const isDomain = (value: Value): value is keyof typeof settingsDomains =>
  typeof value === 'string' && value in settingsDomains;

/**
 * How each key of an entry's detail is said, each taking the keys it words. The server records
 * only what names a change (accounts.ts, `ActivityEntry`): a status, a role, a count.
 */
const phrases: { keys: readonly string[]; say: (detail: Detail) => string | null }[] = [
  {
    keys: ['from', 'to'],
    say: ({ from, to }) => `from ${valueText(from ?? null)} to ${valueText(to ?? null)}`,
  },
  {
    keys: ['twoFactor'],
    say: ({ twoFactor }) => (twoFactor ? 'with a two-factor code' : 'with the password alone'),
  },
  {
    keys: ['requireTwoFactor'],
    say: ({ requireTwoFactor }) =>
      requireTwoFactor
        ? 'two-factor sign-in required of every account'
        : 'two-factor sign-in left to each account',
  },
  { keys: ['role'], say: ({ role }) => `role: ${valueText(role ?? null)}` },
  {
    keys: ['domain', 'version'],
    say: ({ domain, version }) =>
      isDomain(domain ?? null)
        ? `${settingsDomains[domain as keyof typeof settingsDomains].title}, version ${valueText(version ?? null)}`
        : version === undefined
          ? null
          : `version ${valueText(version)}`,
  },
  { keys: ['change'], say: ({ change }) => valueText(change ?? null) },
  { keys: ['sessionsEnded'], say: ({ sessionsEnded }) => `${count(sessionsEnded ?? null, 'session')} ended` },
  { keys: ['sessions'], say: ({ sessions }) => `${count(sessions ?? null, 'session')} ended` },
  { keys: ['replaced'], say: ({ replaced }) => (replaced ? 'replacing the earlier set-up' : null) },
  {
    keys: ['status', 'search'],
    say: ({ status, search }) =>
      [
        status === undefined ? null : status === null ? 'every status' : `status ${valueText(status)}`,
        search ? 'with a search' : null,
      ]
        .filter(Boolean)
        .join(', ') || null,
  },
  { keys: ['note'], say: ({ note }) => (note === null ? null : `note ${valueText(note ?? null)}`) },
  { keys: ['enquiries'], say: ({ enquiries }) => count(enquiries ?? null, 'enquiry', 'enquiries') },
  { keys: ['sent'], say: ({ sent }) => `${count(sent ?? null, 'reminder')} sent` },
  {
    keys: ['reviewRequest'],
    say: ({ reviewRequest }) => `review request ${valueText(reviewRequest ?? null)}`,
  },
  { keys: ['removed'], say: ({ removed }) => `${count(removed ?? null, 'tyre')} removed` },
  {
    keys: ['tyresOrdered'],
    say: ({ tyresOrdered }) => (tyresOrdered ? 'tyres ordered' : 'tyres not ordered yet'),
  },
  {
    keys: ['tyre', 'quantity'],
    say: ({ tyre, quantity }) =>
      tyre === undefined ? null : `${valueText(quantity ?? 1)} × ${valueText(tyre)}`,
  },
  {
    keys: ['file', 'imported', 'rejected'],
    say: ({ file, imported, rejected }) =>
      [
        file === undefined ? null : valueText(file),
        imported === undefined ? null : `${valueText(imported)} imported`,
        rejected === undefined ? null : `${valueText(rejected)} refused`,
      ]
        .filter(Boolean)
        .join(', ') || null,
  },
  { keys: ['stock'], say: ({ stock }) => `stock ${valueText(stock ?? null)}` },
  {
    keys: ['priceOverride'],
    say: ({ priceOverride }) =>
      typeof priceOverride === 'number'
        ? `price set to ${formatPence(priceOverride)}`
        : 'price back to the rules',
  },
  { keys: ['hidden'], say: ({ hidden }) => (hidden ? 'hidden from customers' : 'shown to customers') },
  {
    keys: ['motExpiry'],
    say: ({ motExpiry }) =>
      typeof motExpiry === 'string' ? `MOT expiry ${dayMonthYearText(motExpiry)}` : 'MOT expiry cleared',
  },
  { keys: ['by'], say: ({ by }) => (by === 'operator' ? 'by the operator’s command on the server' : null) },
  {
    keys: ['linesBefore', 'linesAfter'],
    say: ({ linesBefore, linesAfter }) =>
      linesBefore === undefined
        ? null
        : `charged ${valueText(linesAfter ?? null)} instead of ${valueText(linesBefore)}`,
  },
  { keys: ['reason'], say: ({ reason }) => `reason: ${valueText(reason ?? null)}` },
  { keys: ['invoice'], say: ({ invoice }) => `invoice ${valueText(invoice ?? null)}` },
];

/**
 * An entry's detail in words, for staff: "From new to quoted", "With a two-factor code",
 * "Stock 4 → 0; reason: Sold at the counter". A key no phrase knows is said as "key: value";
 * empty when there is no detail.
 */
export function detailWords(detail: Detail): string {
  const said: string[] = [];
  const known = new Set<string>();
  for (const { keys, say } of phrases) {
    if (!keys.some((key) => key in detail)) continue;
    keys.forEach((key) => known.add(key));
    const words = say(detail);
    if (words) said.push(words);
  }
  for (const [key, value] of Object.entries(detail)) {
    if (!known.has(key)) said.push(`${keyText(key)}: ${valueText(value)}`);
  }
  const text = said.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
