import { fitterOf } from './fitter.ts';

export const bookingRef = (id: number) => `B${id}`;
export const bookingLine = (id: number) => `${bookingRef(id)} for ${fitterOf(id)}`;
