import { jobOfBooking } from '../jobs/service.ts';
import { bookingTitle } from './routes.ts';

export const bookingWithJob = (id: number) => ({ title: bookingTitle(id), job: jobOfBooking(id) });
