/**
 * Site configuration shared by every page. The phone number, e-mail address and company name
 * are placeholders until the business sets its own: the defaults below are deliberately fictional (Ofcom's
 * drama range 020 7946 0xxx, an example.com address) and each is overridden by the environment
 * variable named in `siteSettingsEnv`, validated by the server's configuration (server/config.ts).
 * No validation library here: this module is part of every page's script.
 */
export type SiteSettings = {
  companyName: string;
  /** Digits for tel: links, optionally starting with +. */
  phone: string;
  /** The phone number as people read it. */
  formattedPhone: string;
  email: string;
  /** Logo for light backgrounds. */
  logoDark: string;
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
  fontHeading: string;
  fontBody: string;
  /** Places served; the first is where the business is based. */
  serviceRegions: string[];
};

export const defaultSiteSettings: SiteSettings = {
  companyName: 'Anytown Mobile Tyres',
  phone: '+442079460123',
  formattedPhone: '020 7946 0123',
  email: 'enquiries@example.com',
  logoDark: '/brand/logo-dark.svg',
  primaryColor: '#8DC63F',
  secondaryColor: '#1E293B',
  accentColor: '#F59E0B',
  fontHeading: 'Montserrat',
  fontBody: 'Inter',
  serviceRegions: [
    'Billericay',
    'Harold Hill',
    'Upminster',
    'Romford',
    'Brentwood',
    'Basildon',
    'Chelmsford',
    'Southend-on-Sea',
  ],
};

/** The environment variable that overrides each field. serviceRegions is a comma-separated list. */
export const siteSettingsEnv = {
  companyName: 'SITE_COMPANY_NAME',
  phone: 'SITE_PHONE',
  formattedPhone: 'SITE_FORMATTED_PHONE',
  email: 'SITE_EMAIL',
  logoDark: 'SITE_LOGO_DARK',
  primaryColor: 'SITE_PRIMARY_COLOR',
  secondaryColor: 'SITE_SECONDARY_COLOR',
  accentColor: 'SITE_ACCENT_COLOR',
  fontHeading: 'SITE_FONT_HEADING',
  fontBody: 'SITE_FONT_BODY',
  serviceRegions: 'SITE_SERVICE_REGIONS',
} as const satisfies Record<keyof SiteSettings, `SITE_${string}`>;

/**
 * The settings a page uses: the brand (colours, fonts, logos) from the environment, the business
 * details and areas from the published site content, which staff edit.
 */
export function siteSettingsWith(
  brand: SiteSettings,
  content: {
    business: Pick<SiteSettings, 'companyName' | 'phone' | 'formattedPhone' | 'email'>;
    areas: { regions: string[] };
  },
): SiteSettings {
  const { companyName, phone, formattedPhone, email } = content.business;
  return { ...brand, companyName, phone, formattedPhone, email, serviceRegions: content.areas.regions };
}
