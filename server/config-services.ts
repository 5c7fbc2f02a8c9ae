import { z } from 'zod';

/**
 * The outside services' settings (card payments, texts, vehicle data), each from its environment
 * variables (server/config.ts reads them with the rest): every service is off (null) until all
 * its keys are set, and its base URL may point it at a stand-in in tests.
 */

export const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const httpOrigin = z
  .string()
  .trim()
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    message: 'must be an http:// or https:// URL such as https://www.example.com',
  })
  .transform((value) => new URL(value).origin);

/** An http(s) address that may carry a path (a self-hosted service behind one), without its last slash. */
const httpBase = z
  .string()
  .trim()
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    message: 'must be an http:// or https:// URL such as https://routing.example.com',
  })
  .transform((value) => {
    const url = new URL(value);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  });

export const outsideServicesEnv = {
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
  DVLA_API_KEY: z.preprocess(
    blankToUndefined,
    z.string().trim().min(8, 'must be the DVLA API key').optional(),
  ),
  DVLA_API_URL: z.preprocess(blankToUndefined, httpOrigin.optional()),
  DVSA_CLIENT_ID: z.preprocess(blankToUndefined, z.string().trim().min(1).optional()),
  DVSA_CLIENT_SECRET: z.preprocess(blankToUndefined, z.string().trim().min(1).optional()),
  DVSA_API_KEY: z.preprocess(
    blankToUndefined,
    z.string().trim().min(8, 'must be the DVSA API key').optional(),
  ),
  DVSA_TOKEN_URL: z.preprocess(
    blankToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be the OAuth token URL the DVSA gave (https://…)' })
      .optional(),
  ),
  DVSA_API_URL: z.preprocess(blankToUndefined, httpOrigin.optional()),
  POSTCODES_API_URL: z.preprocess(blankToUndefined, httpBase.optional()),
  OSRM_URL: z.preprocess(blankToUndefined, httpBase.optional()),
};

/** Variables whose values are credentials, never echoed in a configuration error. */
export const outsideServiceSecrets = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'TWILIO_AUTH_TOKEN',
  'DVLA_API_KEY',
  'DVSA_CLIENT_SECRET',
  'DVSA_API_KEY',
];

export type OutsideServicesConfig = {
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
  /** The DVLA's Vehicle Enquiry Service, when its key is set (null: customers type the vehicle). */
  dvla: { apiKey: string; apiUrl: string } | null;
  /** The DVSA's MOT history API, when its four credentials are set (null: no MOT history read). */
  dvsa: { clientId: string; clientSecret: string; apiKey: string; tokenUrl: string; apiUrl: string } | null;
  /**
   * Postcodes' coordinates (server/routing): postcodes.io's API, or a copy hosted elsewhere. Asked
   * only while routes are kept (a van has a start in the routes settings).
   */
  postcodes: { apiUrl: string };
  /** OSRM's routing engine, when set (null: travel times estimated from the straight line). */
  osrm: { url: string } | null;
};

type OutsideServicesVars = z.output<z.ZodObject<typeof outsideServicesEnv>>;

export function outsideServicesConfig(vars: OutsideServicesVars): OutsideServicesConfig {
  return {
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
    dvla:
      vars.DVLA_API_KEY !== undefined
        ? {
            apiKey: vars.DVLA_API_KEY,
            apiUrl: vars.DVLA_API_URL ?? 'https://driver-vehicle-licensing.api.gov.uk',
          }
        : null,
    dvsa:
      vars.DVSA_CLIENT_ID !== undefined &&
      vars.DVSA_CLIENT_SECRET !== undefined &&
      vars.DVSA_API_KEY !== undefined &&
      vars.DVSA_TOKEN_URL !== undefined
        ? {
            clientId: vars.DVSA_CLIENT_ID,
            clientSecret: vars.DVSA_CLIENT_SECRET,
            apiKey: vars.DVSA_API_KEY,
            tokenUrl: vars.DVSA_TOKEN_URL,
            apiUrl: vars.DVSA_API_URL ?? 'https://history.mot.api.gov.uk',
          }
        : null,
    postcodes: { apiUrl: vars.POSTCODES_API_URL ?? 'https://api.postcodes.io' },
    osrm: vars.OSRM_URL !== undefined ? { url: vars.OSRM_URL } : null,
  };
}
