import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '#server/paths.ts';

// The layer rules of eslint.config.js, tried on code that breaks each and code that keeps it.
const eslint = new ESLint({ cwd: projectRoot });

async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('the layers', () => {
  it('keep server code out of app and common, and app code out of common', async () => {
    expect(await refusals('app/lib/probe.ts', "export { x } from '#server/app.ts';\n")).toEqual([
      expect.stringContaining('Server code stays on the server'),
    ]);
    expect(await refusals('common/http/probe.ts', "export { x } from '../../server/app.ts';\n")).toEqual([
      expect.stringContaining('Server code stays on the server'),
    ]);
    expect(await refusals('common/http/probe.ts', "export { x } from '#app/lib/api.ts';\n")).toEqual([
      expect.stringContaining('imports neither'),
    ]);
    expect(await refusals('common/http/probe.ts', "export { x } from '#common/time/london.ts';\n")).toEqual(
      [],
    );
  });

  it('let a feature use another only through its index.ts or a part’s index.ts', async () => {
    const from = 'app/features/staff/probe.ts';
    expect(
      await refusals(
        from,
        "export { EnquiriesTab } from '#app/features/enquiries/dashboard/enquiries-tab.tsx';\n",
      ),
    ).toEqual([expect.stringContaining('through its index.ts')]);
    expect(
      await refusals(from, "export { EnquiriesTab } from '#app/features/enquiries/dashboard/index.ts';\n"),
    ).toEqual([]);
    expect(await refusals(from, "export { ActivityTab } from '#app/features/activity/index.ts';\n")).toEqual(
      [],
    );
    expect(await refusals(from, "export { StaffTab } from '#app/features/staff/staff-tab.tsx';\n")).toEqual(
      [],
    );
  });

  it('reach outside a folder of app by alias, not by climbing', async () => {
    expect(await refusals('app/features/staff/probe.ts', "export { x } from '../../lib/api.ts';\n")).toEqual([
      expect.stringContaining('#app/'),
    ]);
    expect(await refusals('app/features/staff/probe.ts', "export { x } from './staff-tab.tsx';\n")).toEqual(
      [],
    );
  });
});
