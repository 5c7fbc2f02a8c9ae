// What the rest of the app may use of this feature.
export { ContactByField } from './contact-by-field.tsx';
