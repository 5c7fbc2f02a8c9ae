import pino from 'pino';
import { createApp, type AppDependencies } from '#server/app.ts';
import { loadConfig, type Config } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/client.ts';

/** Configuration as the server would read it from this environment, for tests. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
}

/** The site's address in tests: a staff page's requests come from it. */
export const testOrigin = testConfig().publicUrl;

/** The real Express app on a test database, without server rendering unless given. */
export function createTestApp(
  database: DatabaseHandle,
  overrides: Partial<Omit<AppDependencies, 'database'>> = {},
) {
  return createApp({
    config: testConfig(),
    logger: pino({ level: 'silent' }),
    database,
    ...overrides,
  });
}
