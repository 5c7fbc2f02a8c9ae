// What the rest of the app may use of this feature.
export { heroRecommendation, HeroUpload } from './hero-upload.tsx';
export { ImagesTab } from './images-tab.tsx';
export { usePreloadedImages } from './use-preloaded-images.ts';
