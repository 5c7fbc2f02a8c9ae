// What the rest of the app may use of this feature.
export { cookiePolicy } from './cookie-policy.ts';
export { privacyPolicy } from './privacy-policy.ts';
export { termsOfService } from './terms-of-service.ts';
