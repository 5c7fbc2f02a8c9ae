/** An address typed one line per line, as the settings list it; and back. */
export const addressLines = (text: string): string[] => text.split(/\r?\n/);
export const addressText = (lines: readonly string[]): string => lines.join('\n');
