// What the rest of the app may use of this feature.
export { BookingsTab } from './dashboard/bookings-tab.tsx';
export { errorSummaryId } from './online/booking-error-summary.tsx';
export { windowText } from './online/booking-format.ts';
export { BookingNotFound } from './online/booking-not-found.tsx';
export {
  type BookingActionData,
  type BookingChoices,
  type BookingPageData,
  type BookingStep,
  type BookingValues,
  type ChoiceField,
  choiceFields,
  type LocationOption,
  type ServiceOption,
} from './online/booking-types.ts';
export { bookingView, summaryRows } from './online/booking-view.ts';
export { ManagedBookingPanel } from './online/managed-booking-panel.tsx';
export { type ManageActionData, type ManagedBookingView } from './online/managed-booking-types.ts';
export { stepHeadingId, StepProgress } from './online/step-progress.tsx';
export { WhatWhereStep } from './online/what-where-step.tsx';
