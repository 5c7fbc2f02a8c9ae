import path from 'node:path';
import { z } from 'zod';
import { blankToUndefined, httpOrigin } from './config-values.ts';
import { vehicleDataConfig, vehicleDataVariables, type VehicleDataConfig } from './vehicle-data-config.ts';
import {
  defaultSiteSettings,
  siteSettingsEnv,
  type SiteSettings,
} from '#common/site-content/site-settings.ts';

/**
 * Every setting of the server comes from one environment variable, validated here at start-up.
 * docs/configuration.md lists the same variables; keep the two in step.
 */

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, `must be a whole number from ${min} to ${max}`)
        .max(max, `must be a whole number from ${min} to ${max}`),
    );

const booleanFlag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => ['true', 'false', '1', '0', 'yes', 'no'].includes(value), {
    message: 'must be true or false',
  })
  .transform((value) => ['true', '1', 'yes'].includes(value));

const postgresUrl = z
  .string()
  .trim()
  .refine(
    (value) => {
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      return ['postgres:', 'postgresql:'].includes(url.protocol) && url.hostname !== '';
    },
    { message: 'must be a URL like postgres://user:password@host:5432/database' },
  );

const smtpUrl = z
  .string()
  .trim()
  .refine((value) => URL.canParse(value) && /^smtps?:$/.test(new URL(value).protocol), {
    message: 'must be a URL like smtp://user:password@mail.example.com:587 (or smtps://)',
  });

/** An address, optionally with a display name: `Website <no-reply@example.com>`. */
const mailbox = z
  .string()
  .trim()
  .regex(
    /^([^<>\r\n]{1,80} )?<?[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>?$/,
    'must be an e-mail address, optionally as Name <address>',
  );

const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
  error: 'must be one of fatal, error, warn, info, debug, trace, silent',
});

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #8DC63F');
const assetPath = z
  .string()
  .regex(/^(\/(?!\/)|https:\/\/)\S*$/, 'must be a path starting with / or an https:// URL');
/** Font family names end up in CSS: letters, digits and spaces only. */
const fontName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9 ]{1,60}$/, 'must be a font family name (letters, digits and spaces)');

/** The rules for the site settings (brand and business details) that SITE_* variables override. */
const siteSettingsSchema = z.object({
  companyName: z.string().trim().min(1).max(80),
  phone: z.string().regex(/^\+?[0-9]{6,15}$/, 'must be digits only, optionally starting with +'),
  formattedPhone: z.string().trim().min(6).max(30),
  email: z.email('must be an e-mail address'),
  logoDark: assetPath,
  primaryColor: hexColor,
  secondaryColor: hexColor,
  accentColor: hexColor,
  fontHeading: fontName,
  fontBody: fontName,
  serviceRegions: z.array(z.string().trim().min(1).max(60)).min(3).max(20),
}) satisfies z.ZodType<SiteSettings>;

/** The schema of one SITE_* override: the field's own rule; regions come comma-separated. */
function siteFieldSchema(field: keyof SiteSettings): z.ZodType<unknown> {
  const fieldSchema =
    field === 'serviceRegions'
      ? z
          .string()
          .transform((list) => list.split(',').map((region) => region.trim()))
          .pipe(siteSettingsSchema.shape.serviceRegions)
      : siteSettingsSchema.shape[field];
  return z.preprocess(blankToUndefined, fieldSchema.optional());
}

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    blankToUndefined,
    z
      .enum(['development', 'production', 'test'], {
        error: 'must be development, production or test',
      })
      .default('production'),
  ),
  HOST: z.preprocess(blankToUndefined, z.string().trim().default('0.0.0.0')),
  PORT: z.preprocess(blankToUndefined, wholeNumber(1, 65535).optional()),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().default('./data')),
  BACKUP_DIR: z.preprocess(blankToUndefined, z.string().optional()),
  BACKUP_KEEP: z.preprocess(blankToUndefined, wholeNumber(1, 365).optional()),
  DATABASE_URL: z.preprocess(blankToUndefined, postgresUrl.optional()),
  DATABASE_POOL_MAX: z.preprocess(blankToUndefined, wholeNumber(1, 100).optional()),
  LOG_LEVEL: z.preprocess(blankToUndefined, logLevel.default('info')),
  PUBLIC_URL: z.preprocess(blankToUndefined, httpOrigin.optional()),
  TRUST_PROXY: z.preprocess(blankToUndefined, wholeNumber(0, 10).optional()),
  SHUTDOWN_TIMEOUT_MS: z.preprocess(blankToUndefined, wholeNumber(0, 120_000).optional()),
  JOB_REPORT_DELAY_SECONDS: z.preprocess(blankToUndefined, wholeNumber(0, 3600).optional()),
  SEED_DEMO_CONTENT: z.preprocess(blankToUndefined, booleanFlag.optional()),
  SMTP_URL: z.preprocess(blankToUndefined, smtpUrl.optional()),
  NOTIFY_EMAIL: z.preprocess(blankToUndefined, z.email('must be an e-mail address').optional()),
  MAIL_FROM: z.preprocess(blankToUndefined, mailbox.optional()),
  ENQUIRY_RATE_LIMIT: z.preprocess(blankToUndefined, wholeNumber(1, 1_000_000).optional()),
  ENQUIRY_RATE_WINDOW_MINUTES: z.preprocess(blankToUndefined, wholeNumber(1, 1440).optional()),
  ENQUIRY_RETENTION_MONTHS: z.preprocess(blankToUndefined, wholeNumber(1, 120).optional()),
  ANALYTICS_RATE_LIMIT: z.preprocess(blankToUndefined, wholeNumber(1, 1_000_000).optional()),
  ANALYTICS_RAW_RETENTION_DAYS: z.preprocess(blankToUndefined, wholeNumber(1, 3650).optional()),
  GA_MEASUREMENT_ID: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^G-[A-Z0-9]{4,20}$/, 'must be a GA4 measurement id such as G-ABC123XYZ')
      .optional(),
  ),
  STRIPE_SECRET_KEY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret or restricted key (sk_live_…, rk_live_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_…)')
      .optional(),
  ),
  STRIPE_API_URL: z.preprocess(blankToUndefined, httpOrigin.optional()),
  TWILIO_ACCOUNT_SID: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio account SID (AC followed by 32 hex digits)')
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\w{16,}$/, "must be the Twilio account's auth token")
      .optional(),
  ),
  TWILIO_FROM: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(
        /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/,
        'must be a number in international form (+447700900123) or a messaging service SID (MG…)',
      )
      .optional(),
  ),
  TWILIO_API_URL: z.preprocess(blankToUndefined, httpOrigin.optional()),
  ...vehicleDataVariables,
  ADMIN_USERNAME: z.preprocess(blankToUndefined, z.string().trim().optional()),
  ADMIN_PASSWORD: z.preprocess(blankToUndefined, z.string().optional()),
});

/** Variables whose values may hold credentials and are never echoed in an error. */
const secretVariables = new Set([
  'DATABASE_URL',
  'SMTP_URL',
  'ADMIN_PASSWORD',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'TWILIO_AUTH_TOKEN',
  'DVLA_API_KEY',
  'DVSA_CLIENT_SECRET',
  'DVSA_API_KEY',
]);

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  host: string;
  port: number;
  /** Absolute path of the embedded database's directory (used when databaseUrl is unset). */
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /** Nightly backups of the embedded database (none with databaseUrl): where, and how many kept. */
  backups: { dir: string; keep: number };
  logLevel: z.infer<typeof logLevel>;
  /** Origin used for canonical links and absolute URLs, without a trailing slash. */
  publicUrl: string;
  /** Number of reverse proxies in front of the server whose X-Forwarded-* headers are trusted. */
  trustProxy: number;
  shutdownTimeoutMs: number;
  /** How long a job report waits after completion (a payment taken just after shows as paid). */
  jobReportDelayMs: number;
  seedDemoContent: boolean;
  site: SiteSettings;
  /** SMTP server for the notifications; without it they wait in the outbox for an owner. */
  smtpUrl: string | undefined;
  /** Where enquiry notifications go; null: the e-mail address of the published site content. */
  notifyEmail: string | null;
  /** Sender of the notifications; null: "<company name> website" at the content's e-mail address. */
  mailFrom: string | null;
  /** Enquiries, with their notes and events, are deleted this many months after they arrive. */
  enquiryRetentionMonths: number;
  /** Enquiries accepted from one client address per window. */
  enquiryRateLimit: { scope: 'enquiry'; max: number; windowMs: number };
  /** Page views counted from one client address per minute. */
  analyticsRateLimit: number;
  /** Single page views are deleted this many days after their London day; the daily totals stay. */
  analyticsRawRetentionDays: number;
  /** Google Analytics 4, loaded on public pages only after the visitor allows analytics. */
  gaMeasurementId: string | null;
  /** The first staff account, created at start-up only while there is no account at all. */
  initialAdmin: { username: string; password: string } | undefined;
  /**
   * Card payments online through Stripe: on when both keys are set (server/payments). `apiUrl`
   * is Stripe's API (https://api.stripe.com), or a stand-in in tests.
   */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string } | null;
  /**
   * Text messages through Twilio, when its account SID, auth token and sender are all set (null:
   * no texts; customers hear by e-mail). `from` is a number or a messaging service SID.
   */
  twilio: { accountSid: string; authToken: string; from: string; apiUrl: string } | null;
} & VehicleDataConfig;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

/** Reads and validates the configuration; throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const describe = (name: string, message: string) => {
    const raw = env[name];
    const shown =
      raw === undefined || secretVariables.has(name) ? '' : ` (got ${JSON.stringify(truncate(raw))})`;
    problems.push(`Invalid configuration: ${name} ${message}${shown}`);
  };

  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) describe(String(issue.path[0]), issue.message);
  }
  const site = { ...defaultSiteSettings };
  for (const field of Object.keys(siteSettingsEnv) as (keyof SiteSettings)[]) {
    const name = siteSettingsEnv[field];
    const override = siteFieldSchema(field).safeParse(env[name]);
    if (!override.success) describe(name, override.error.issues[0]?.message ?? 'is not valid');
    else if (override.data !== undefined) Object.assign(site, { [field]: override.data });
  }
  if (
    parsed.success &&
    (parsed.data.ADMIN_USERNAME === undefined) !== (parsed.data.ADMIN_PASSWORD === undefined)
  ) {
    const missing = parsed.data.ADMIN_USERNAME === undefined ? 'ADMIN_USERNAME' : 'ADMIN_PASSWORD';
    describe(
      missing,
      'must be set together with ' + (missing === 'ADMIN_USERNAME' ? 'ADMIN_PASSWORD' : 'ADMIN_USERNAME'),
    );
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  // The shipped defaults obey the same rules (a mistake in them is caught by any start).
  siteSettingsSchema.parse(site);

  const vars = parsed.data;
  const port = vars.PORT ?? 3000;
  const dataDir = path.resolve(vars.DATA_DIR);
  return {
    nodeEnv: vars.NODE_ENV,
    isProduction: vars.NODE_ENV === 'production',
    host: vars.HOST,
    port,
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    databasePoolMax: vars.DATABASE_POOL_MAX ?? 10,
    backups: {
      dir: vars.BACKUP_DIR === undefined ? path.join(dataDir, 'backups') : path.resolve(vars.BACKUP_DIR),
      keep: vars.BACKUP_KEEP ?? 14,
    },
    logLevel: vars.LOG_LEVEL,
    publicUrl: vars.PUBLIC_URL ?? `http://localhost:${port}`,
    trustProxy: vars.TRUST_PROXY ?? 0,
    shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_MS ?? 10_000,
    jobReportDelayMs: (vars.JOB_REPORT_DELAY_SECONDS ?? 120) * 1000,
    // Demo enquiries make a first local run look alive; a PostgreSQL deployment starts empty.
    seedDemoContent: vars.SEED_DEMO_CONTENT ?? vars.DATABASE_URL === undefined,
    site,
    smtpUrl: vars.SMTP_URL,
    notifyEmail: vars.NOTIFY_EMAIL ?? null,
    mailFrom: vars.MAIL_FROM ?? null,
    enquiryRetentionMonths: vars.ENQUIRY_RETENTION_MONTHS ?? 24,
    enquiryRateLimit: {
      scope: 'enquiry',
      max: vars.ENQUIRY_RATE_LIMIT ?? 5,
      windowMs: (vars.ENQUIRY_RATE_WINDOW_MINUTES ?? 10) * 60 * 1000,
    },
    analyticsRateLimit: vars.ANALYTICS_RATE_LIMIT ?? 120,
    analyticsRawRetentionDays: vars.ANALYTICS_RAW_RETENTION_DAYS ?? 90,
    gaMeasurementId: vars.GA_MEASUREMENT_ID ?? null,
    initialAdmin:
      vars.ADMIN_USERNAME !== undefined && vars.ADMIN_PASSWORD !== undefined
        ? { username: vars.ADMIN_USERNAME, password: vars.ADMIN_PASSWORD }
        : undefined,
    stripe:
      vars.STRIPE_SECRET_KEY !== undefined && vars.STRIPE_WEBHOOK_SECRET !== undefined
        ? {
            secretKey: vars.STRIPE_SECRET_KEY,
            webhookSecret: vars.STRIPE_WEBHOOK_SECRET,
            apiUrl: vars.STRIPE_API_URL ?? 'https://api.stripe.com',
          }
        : null,
    twilio:
      vars.TWILIO_ACCOUNT_SID !== undefined &&
      vars.TWILIO_AUTH_TOKEN !== undefined &&
      vars.TWILIO_FROM !== undefined
        ? {
            accountSid: vars.TWILIO_ACCOUNT_SID,
            authToken: vars.TWILIO_AUTH_TOKEN,
            from: vars.TWILIO_FROM,
            apiUrl: vars.TWILIO_API_URL ?? 'https://api.twilio.com',
          }
        : null,
    ...vehicleDataConfig(vars),
  };
}

function truncate(value: string): string {
  return value.length > 60 ? `${value.slice(0, 57)}...` : value;
}
