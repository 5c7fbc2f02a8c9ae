// What the rest of the app may use of this feature.
export { ImagesTab } from './images-tab.tsx';
