/**
 * The invisible characters that change the direction text is shown in: the embeddings and
 * overrides (U+202A to U+202E), the isolates (U+2066 to U+2069), the left-to-right and
 * right-to-left marks (U+200E, U+200F) and the Arabic letter mark (U+061C). In a name typed by a
 * customer they can make a line read differently from what is stored ("Trojan Source"), so
 * documents and spreadsheets made from such text leave them out; the direction of the letters
 * themselves is left to the Unicode bidirectional algorithm.
 */
const bidiControls = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

export const stripBidiControls = (text: string): string => text.replace(bidiControls, '');
