export { RemindersConsentCheckbox } from './consent-checkbox.tsx';
