/**
 * Text messages as phone networks carry them: in the GSM 03.38 alphabet (7 bits a character, 160
 * to a single text, 153 to each part of a longer one, the extension characters such as € and [
 * counting twice) or, when a character is outside it, in UCS-2 (70 to a single text, 67 to each
 * part). Texts are written in GSM-7 where possible: the typographic characters the site's wording
 * uses (’ “ ” – — …) are written as their plain forms first, so that one curly apostrophe does not
 * halve a text's length.
 */

const gsmBasic =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Characters of the extension table: each is sent as an escape and itself, two septets. */
const gsmExtension = '\f^{}\\[~]|€';

const basic = new Set(gsmBasic);
const extension = new Set(gsmExtension);

/** The plain forms of typographic characters outside GSM-7. */
const plainForms: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u00a0': ' ',
  '\u2022': '-',
};

/** A text with its typographic characters written as their plain GSM-7 forms. */
export const plainText = (text: string) =>
  text.replace(/[\u2018\u2019\u201c\u201d\u2013\u2014\u2026\u00a0\u2022]/g, (char) => plainForms[char]!);

export type SmsEncoding = 'gsm7' | 'ucs2';

/** How a text goes: GSM-7 when every character is in its alphabet, else UCS-2. */
export function smsEncoding(text: string): SmsEncoding {
  for (const char of text) if (!basic.has(char) && !extension.has(char)) return 'ucs2';
  return 'gsm7';
}

/** How long a text is in its encoding's units: septets (GSM-7) or UTF-16 code units (UCS-2). */
function smsLength(text: string, encoding: SmsEncoding): number {
  if (encoding === 'ucs2') return text.length;
  let septets = 0;
  for (const char of text) septets += extension.has(char) ? 2 : 1;
  return septets;
}

/** How many parts (segments) a text is sent in, each charged as one text. */
export function smsSegments(text: string): number {
  const encoding = smsEncoding(text);
  const length = smsLength(text, encoding);
  const [single, part] = encoding === 'gsm7' ? [160, 153] : [70, 67];
  if (length === 0) return 1;
  return length <= single ? 1 : Math.ceil(length / part);
}

/** The most parts a text of the business may take (a longer one is a fault of its wording). */
export const maxSmsSegments = 2;
