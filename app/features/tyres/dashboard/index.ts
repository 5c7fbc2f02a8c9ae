// What the rest of the app may use of this feature.
export { TyresTab } from './tyres-tab.tsx';
