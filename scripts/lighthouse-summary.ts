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
 * The performance score `/` must reach: `target` (set for a quiet 2-core machine, where the
 * script-less copy scores 99-100) or, where the machine is slower and the copy itself scores
 * lower, no more than `allowance` points below the copy measured in the same run. What the
 * scripts cost is the gap to the copy; the copy's own score says how fast the machine is.
 */
export function homePerformanceTarget(target: number, scriptlessScore: number, allowance: number): number {
  return Math.min(target, scriptlessScore - allowance);
}

/**
 * The most Total Blocking Time `/` may show: `limit` ms, or the script-less copy's median plus
 * `allowance` ms where the machine alone already blocks the copy for longer than that leaves.
 */
export function homeBlockingTimeLimit(limit: number, scriptlessMs: number, allowance: number): number {
  return Math.max(limit, scriptlessMs + allowance);
}
