import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSiteSettings } from '#common/site-content/site-settings.ts';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('gives working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'production',
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      shutdownTimeoutMs: 10_000,
      seedDemoContent: true,
      site: defaultSiteSettings,
    });
  });

  it('reads each variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/site',
      DATABASE_URL: 'postgres://app:secret@db.internal:5432/site',
      PUBLIC_URL: 'https://www.example.com/some/path',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/site',
      databaseUrl: 'postgres://app:secret@db.internal:5432/site',
      publicUrl: 'https://www.example.com',
      trustProxy: 1,
      logLevel: 'warn',
      // A PostgreSQL deployment starts without demo content unless asked.
      seedDemoContent: false,
    });
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it('names the variable and the problem in one line for a bad port', () => {
    expect(problemsOf({ PORT: 'abc' })).toEqual([
      'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "abc")',
    ]);
    expect(problemsOf({ PORT: '70000' })).toEqual([
      'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "70000")',
    ]);
  });

  it('rejects a database URL that is not PostgreSQL without echoing it', () => {
    const [problem] = problemsOf({ DATABASE_URL: 'mysql://root:hunter2@localhost/db' });
    expect(problem).toMatch(/^Invalid configuration: DATABASE_URL must be a URL like postgres:/);
    expect(problem).not.toContain('hunter2');
    expect(problemsOf({ DATABASE_URL: 'nonsense' })).toHaveLength(1);
  });

  it('reads the mail and enquiry-limit settings, never echoing the SMTP password', () => {
    const [problem] = problemsOf({ SMTP_URL: 'http://user:hunter2@mail.example.com' });
    expect(problem).toMatch(/^Invalid configuration: SMTP_URL must be a URL like smtp:/);
    expect(problem).not.toContain('hunter2');
    const config = loadConfig({
      SMTP_URL: 'smtps://user:secret@mail.example.com:465',
      NOTIFY_EMAIL: 'staff@example.com',
      ENQUIRY_RATE_LIMIT: '3',
      ENQUIRY_RATE_WINDOW_MINUTES: '2',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtps://user:secret@mail.example.com:465',
      notifyEmail: 'staff@example.com',
      enquiryRateLimit: { scope: 'enquiry', max: 3, windowMs: 120_000 },
    });
    expect(loadConfig({})).toMatchObject({
      smtpUrl: undefined,
      // The site content's e-mail address, read when each notification is sent.
      notifyEmail: null,
      mailFrom: null,
      enquiryRateLimit: { max: 5, windowMs: 600_000 },
    });
  });

  it('reads how long enquiries are kept (ENQUIRY_RETENTION_MONTHS, default 24)', () => {
    expect(loadConfig({}).enquiryRetentionMonths).toBe(24);
    expect(loadConfig({ ENQUIRY_RETENTION_MONTHS: '36' }).enquiryRetentionMonths).toBe(36);
    expect(problemsOf({ ENQUIRY_RETENTION_MONTHS: '0' })[0]).toMatch(
      /^Invalid configuration: ENQUIRY_RETENTION_MONTHS /,
    );
  });

  it('reads how long single page views are kept (ANALYTICS_RAW_RETENTION_DAYS, default 90)', () => {
    expect(loadConfig({}).analyticsRawRetentionDays).toBe(90);
    expect(loadConfig({ ANALYTICS_RAW_RETENTION_DAYS: '30' }).analyticsRawRetentionDays).toBe(30);
    expect(problemsOf({ ANALYTICS_RAW_RETENTION_DAYS: '0' })).toEqual([
      'Invalid configuration: ANALYTICS_RAW_RETENTION_DAYS must be a whole number from 1 to 3650 (got "0")',
    ]);
    expect(problemsOf({ ANALYTICS_RAW_RETENTION_DAYS: 'ninety' })).toHaveLength(1);
  });

  it('keeps backups in DATA_DIR/backups by default, or in BACKUP_DIR, and reads BACKUP_KEEP', () => {
    expect(loadConfig({ DATA_DIR: '/var/lib/site' }).backups).toEqual({
      dir: '/var/lib/site/backups',
      keep: 14,
    });
    expect(loadConfig({ BACKUP_DIR: 'nightly', BACKUP_KEEP: '30' }).backups).toEqual({
      dir: path.resolve('nightly'),
      keep: 30,
    });
    expect(problemsOf({ BACKUP_KEEP: '0' })).toEqual([
      'Invalid configuration: BACKUP_KEEP must be a whole number from 1 to 365 (got "0")',
    ]);
    expect(problemsOf({ BACKUP_KEEP: 'all' })).toHaveLength(1);
    expect(problemsOf({ BACKUP_KEEP: '366' })).toHaveLength(1);
  });

  it('turns the DVLA on with its key and the DVSA with its four credentials, never echoing their secrets', () => {
    const dvsa = {
      DVSA_CLIENT_ID: 'client-id',
      DVSA_CLIENT_SECRET: 'client-secret',
      DVSA_API_KEY: 'dvsa-api-key',
      DVSA_TOKEN_URL: 'https://login.microsoftonline.com/tenant/oauth2/v2.0/token',
    };
    expect(loadConfig({})).toMatchObject({ dvla: null, dvsa: null });
    expect(loadConfig({ ...dvsa, DVSA_API_KEY: '' }).dvsa).toBeNull();
    expect(loadConfig({ DVLA_API_KEY: 'dvla-api-key', ...dvsa })).toMatchObject({
      dvla: { apiKey: 'dvla-api-key', apiUrl: 'https://driver-vehicle-licensing.api.gov.uk' },
      dvsa: { clientId: 'client-id', apiUrl: 'https://history.mot.api.gov.uk' },
    });
    expect(
      loadConfig({ DVLA_API_KEY: 'dvla-api-key', DVLA_API_URL: 'http://127.0.0.1:4990/x' }).dvla?.apiUrl,
    ).toBe('http://127.0.0.1:4990');
    const [problem] = problemsOf({ DVLA_API_KEY: 'short' });
    expect(problem).toMatch(/^Invalid configuration: DVLA_API_KEY must be the DVLA API key/);
    expect(problem).not.toContain('short');
    expect(problemsOf({ ...dvsa, DVSA_TOKEN_URL: 'not a url' })[0]).toMatch(
      /^Invalid configuration: DVSA_TOKEN_URL/,
    );
  });

  it('lists every bad variable', () => {
    const problems = problemsOf({ PORT: 'x', LOG_LEVEL: 'loud', SEED_DEMO_CONTENT: 'maybe' });
    expect(problems.map((line) => line.split(' ')[2])).toEqual(['PORT', 'LOG_LEVEL', 'SEED_DEMO_CONTENT']);
  });

  it('overrides site settings from SITE_* variables', () => {
    const { site } = loadConfig({
      SITE_COMPANY_NAME: 'Kerbside Tyres Ltd',
      SITE_PHONE: '+441708123456',
      SITE_FORMATTED_PHONE: '01708 123456',
      SITE_EMAIL: 'hello@kerbside.example',
      SITE_PRIMARY_COLOR: '#00AA55',
      SITE_SERVICE_REGIONS: 'Romford, Upminster ,Hornchurch',
    });
    expect(site).toEqual({
      ...defaultSiteSettings,
      companyName: 'Kerbside Tyres Ltd',
      phone: '+441708123456',
      formattedPhone: '01708 123456',
      email: 'hello@kerbside.example',
      primaryColor: '#00AA55',
      serviceRegions: ['Romford', 'Upminster', 'Hornchurch'],
    });
  });

  it('refuses site settings that would break the page', () => {
    expect(problemsOf({ SITE_PRIMARY_COLOR: 'red;}' })).toEqual([
      'Invalid configuration: SITE_PRIMARY_COLOR must be a colour like #8DC63F (got "red;}")',
    ]);
    expect(problemsOf({ SITE_EMAIL: 'not-an-email' })[0]).toMatch(/^Invalid configuration: SITE_EMAIL /);
    expect(problemsOf({ SITE_FONT_HEADING: "Evil'; }" })[0]).toMatch(
      /^Invalid configuration: SITE_FONT_HEADING /,
    );
    expect(problemsOf({ SITE_LOGO_DARK: 'javascript:alert(1)' })[0]).toMatch(
      /^Invalid configuration: SITE_LOGO_DARK /,
    );
  });
});
