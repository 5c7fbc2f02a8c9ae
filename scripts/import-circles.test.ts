import path from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '#server/paths.ts';

// The import-circle rules of .dependency-cruiser.cjs, tried on the small projects of
// import-circles-fixtures/: each is cruised from its own folder, as `npm run lint:imports` cruises
// the repository (which leaves the fixtures out), so that its paths read as the repository's do
// (`server/jobs/service.ts`).
const fixtures = path.join(projectRoot, 'scripts', 'import-circles-fixtures');
const options = await extractDepcruiseOptions(path.join(projectRoot, '.dependency-cruiser.cjs'));

/**
 * Each circle the fixture's cruise refuses: the rule's name and the modules (or folders) around
 * the circle. A circle refused from each of its members is one.
 */
async function refusals(fixture: string): Promise<string[]> {
  const baseDir = path.join(fixtures, fixture);
  const { output } = await cruise(['.'], { ...options, baseDir });
  const circles = (output as ICruiseResult).summary.violations.map((violation) => {
    const members = [violation.from, ...(violation.cycle ?? []).map((step) => step.name)];
    return `${violation.rule.name}: ${[...new Set(members)].sort().join(' ')}`;
  });
  return [...new Set(circles)].sort();
}

describe('the import circle rules', () => {
  it('refuse two modules that import each other', async () => {
    expect(await refusals('two-file-circle')).toEqual(['no-circular: booking.ts fitter.ts']);
  });

  it('refuse a circle of type-only imports', async () => {
    expect(await refusals('type-only-circle')).toEqual(['no-circular: invoice.ts job.ts']);
  });

  it('refuse two server domains whose modules use each other, though no module circles', async () => {
    expect(await refusals('domain-circle')).toEqual(['no-circular-domains: server/bookings server/jobs']);
  });

  it('let a domain use another one way, through its own types', async () => {
    expect(await refusals('no-circle')).toEqual([]);
  });
});
