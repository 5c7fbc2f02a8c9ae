// The size finder alone, for pages besides the tyres' own (the home page's hero), so that they do
// not carry the size pages' script.
export { TyreFinder } from './size-finder.tsx';
