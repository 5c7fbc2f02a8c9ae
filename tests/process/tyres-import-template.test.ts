import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '#server/paths.ts';
import { importTemplateCsv } from '#server/tyres/import-template.ts';

describe('npm run tyres:import -- --template', () => {
  it('writes the Tyres tab’s template, touching no database', async () => {
    const inherited = { ...process.env };
    delete inherited.DATABASE_URL;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/tyres-import.ts', '--template'],
      // A data directory that does not exist: the template needs none.
      { cwd: projectRoot, env: { ...inherited, DATA_DIR: '/nonexistent/tyre-template-data' } },
    );
    expect(stdout).toBe(importTemplateCsv());
  });
});
