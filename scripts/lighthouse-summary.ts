// The pure parts of `npm run lighthouse` (scripts/lighthouse.ts), tested beside it.

/** The middle value; for an even count, the mean of the two middle ones. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * A document less every script element (inline, module, JSON-LD) and every module preload: the
 * page as a browser without JavaScript would get it, for a browser with JavaScript to measure.
 */
export function withoutScripts(html: string): string {
  const stripped = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<link\b[^>]*\brel=["']?modulepreload\b[^>]*>/gi, '');
  if (/<script\b/i.test(stripped)) throw new Error('a script element is left in the document');
  return stripped;
}

/**
 * The performance score `/` must reach: its own floor, and no more than `allowance` points below
 * the same document without its scripts measured in the same run.
 */
export function homePerformanceTarget(floor: number, scriptlessScore: number, allowance: number): number {
  return Math.max(floor, scriptlessScore - allowance);
}
