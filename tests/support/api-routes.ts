// The API's routes that component tests answer, each with what it answers as the app reads it
// (the types of common/ and of the app's queries), so that a test's handler that answers another
// shape fails the type check. A route a test needs and this list lacks is added here with its
// status and types as the server has them.
import type { VehicleDataStatus } from '#common/vehicles/settings.ts';
import type { RegisteredVehicle } from '#common/vehicles/vehicle-data.ts';
import type { VehicleLookedUpAgain } from '#common/vehicles/vehicles.ts';
import type {
  AccountSetupInfo,
  ActivityEntry,
  Fitter,
  NewStaffAccount,
  RecoveryCodes,
  SecuritySettings,
  SetupLink,
  StaffAccount,
  StaffRole,
  StaffSession,
  TwoFactorChallenge,
  TwoFactorSetup,
} from '#common/accounts/accounts.ts';
import type { AnalyticsStats } from '#common/analytics/analytics.ts';
import type { PageViewEvent } from '#common/analytics/event.ts';
import type { LoginInput, StaffUser } from '#common/auth/auth.ts';
import type { Booking, BookingUpdate } from '#common/bookings/booking.ts';
import type { ToldAvailabilityDay } from '#common/bookings/slots.ts';
import type { Enquiry, EnquiryInput } from '#common/enquiries/enquiry.ts';
import type { EnquiryCounts } from '#common/enquiries/status.ts';
import type { MessagesStatus, TextRecord, TextReplies } from '#common/messages/replies.ts';
import type { ApiErrorBody } from '#common/http/api.ts';
import type {
  CreditNoteInput,
  IssuedCreditNote,
  Job,
  JobPhoto,
  NextJobDay,
  Takings,
  VehicleHistory,
} from '#common/jobs/jobs.ts';
import type { WaitingMessages } from '#common/notifications/outbox.ts';
import type {
  PaymentLink,
  PaymentLinkRequest,
  PaymentsStatus,
  Reconciliation,
  Refund,
  RefundRequest,
} from '#common/payments/payments.ts';
import type { RoutingStatus } from '#common/routing/status.ts';
import type { DayRoute, OrderedDayRoute } from '#common/routing/day-route.ts';
import type { Reminder } from '#common/reminders/reminders.ts';
import type { ReminderSummary } from '#common/reminders/summary.ts';
import type {
  PublishedSiteContent,
  SiteContentConflict,
  SiteContentRevision,
  SiteContentUpdate,
} from '#common/site-content/site-content.ts';
import type { ColumnMapping } from '#common/tyres/price-file.ts';
import type {
  DomainSettings,
  SettingsChange,
  SettingsConflict,
  SettingsUpdate,
} from '#common/settings/domains.ts';
import type {
  StaffTyre,
  StaffTyrePage,
  TyreChange,
  TyreImportReport,
  TyreSupplier,
  TyreToOrder,
} from '#common/tyres/staff.ts';

/**
 * A route that answers `Body` with `Status`, is sent `Sent` (what the app sends; a form's fields
 * for an upload) and refuses with `Refused` (the API's error body, or one that says more).
 */
type Route<Body, Status extends 200 | 201 | 202 = 200, Sent = undefined, Refused = ApiErrorBody> = {
  status: Status;
  body: Body;
  sent: Sent;
  refused: Refused;
};

/** A route that answers 204 with no body. */
type NoContentRoute<Sent = undefined> = { status: 204; body: undefined; sent: Sent; refused: ApiErrorBody };

type TwoFactorProof = { password: string; code: string };

export type ApiRoutes = {
  // Staff, sign-in and the account.
  'POST /api/login': Route<StaffUser | TwoFactorChallenge, 200, LoginInput>;
  'POST /api/login/two-factor': Route<StaffUser, 200, { code: string }>;
  'POST /api/logout': NoContentRoute;
  'GET /api/user': Route<StaffUser>;
  'GET /api/user/sessions': Route<StaffSession[]>;
  'DELETE /api/user/sessions': NoContentRoute;
  'DELETE /api/user/sessions/:id': NoContentRoute;
  'PUT /api/user/display-name': Route<StaffUser, 200, { displayName: string | null }>;
  'POST /api/user/password': NoContentRoute<{ currentPassword: string; newPassword: string }>;
  'POST /api/user/two-factor/setup': Route<TwoFactorSetup, 200, TwoFactorProof | undefined>;
  'POST /api/user/two-factor/enable': Route<
    RecoveryCodes,
    200,
    { code: string } | (TwoFactorProof & { newCode: string })
  >;
  'POST /api/user/two-factor/recovery-codes': Route<RecoveryCodes, 200, TwoFactorProof>;
  'POST /api/user/two-factor/disable': NoContentRoute<TwoFactorProof>;
  'GET /api/account-setup/:token': Route<AccountSetupInfo>;
  'POST /api/account-setup/:token': Route<StaffUser, 200, { password: string }>;
  'GET /api/users': Route<StaffAccount[]>;
  'POST /api/users': Route<
    NewStaffAccount,
    201,
    { username: string; displayName: string | null; role: StaffRole }
  >;
  'PATCH /api/users/:id': Route<
    StaffAccount,
    200,
    { displayName?: string | null; role?: StaffRole; disabled?: boolean }
  >;
  'DELETE /api/users/:id': NoContentRoute;
  'POST /api/users/:id/reset-link': Route<SetupLink>;
  'GET /api/settings/security': Route<SecuritySettings>;
  'PUT /api/settings/security': Route<SecuritySettings, 200, SecuritySettings>;
  'GET /api/fitters': Route<Fitter[]>;
  'GET /api/activity': Route<ActivityEntry[]>;

  // Enquiries, bookings and the diary.
  'POST /api/enquiries': Route<{ id: number; reference: string }, 201, EnquiryInput & { website: string }>;
  'GET /api/enquiries': Route<Enquiry[]>;
  'GET /api/enquiries/counts': Route<EnquiryCounts>;
  'PUT /api/enquiries/:id/mark-contacted': Route<Enquiry>;
  'GET /api/bookings': Route<Booking[]>;
  'PUT /api/bookings/:id': Route<Booking, 200, BookingUpdate>;
  'GET /api/availability': Route<ToldAvailabilityDay[]>;

  // Jobs, takings and vehicles.
  'GET /api/jobs': Route<Job[]>;
  'GET /api/jobs/next': Route<NextJobDay>;
  'GET /api/jobs/route': Route<DayRoute>;
  'POST /api/jobs/route/order': Route<OrderedDayRoute, 200, { date: string; fitterId: number }>;
  'GET /api/jobs/:id/photos': Route<JobPhoto[]>;
  'POST /api/jobs/:id/price-approval': Route<Job>;
  'POST /api/jobs/:id/credit-notes': Route<IssuedCreditNote, 201, CreditNoteInput>;
  'PUT /api/jobs/:id/review-request': Route<
    { id: number; reviewRequest: boolean },
    200,
    { reviewRequest: boolean }
  >;
  'GET /api/takings': Route<Takings>;
  'POST /api/jobs/:id/payment-link': Route<PaymentLink, 201, PaymentLinkRequest>;

  // Payments online.
  'GET /api/payments/status': Route<PaymentsStatus>;
  'POST /api/bookings/:id/refund': Route<Refund, 201, RefundRequest>;
  'POST /api/payments/refunds/:id/retry': Route<Refund>;
  'GET /api/payments/reconcile': Route<Reconciliation>;
  'GET /api/vehicles/:registration': Route<VehicleHistory>;
  'PUT /api/vehicles/:registration': Route<
    { registration: string; motExpiry: string | null },
    200,
    { motExpiry: string }
  >;
  'GET /api/vehicles/status': Route<VehicleDataStatus>;
  'GET /api/routes/status': Route<RoutingStatus>;
  'GET /api/vehicles/lookup': Route<RegisteredVehicle>;
  'POST /api/vehicles/:registration/lookup': Route<VehicleLookedUpAgain>;

  // Texts to customers.
  'GET /api/messages/status': Route<MessagesStatus>;
  'GET /api/messages/replies': Route<TextReplies>;
  'POST /api/messages/replies/read': Route<
    { read: number; unread: number },
    200,
    { ids?: number[]; bookingId?: number; enquiryId?: number }
  >;
  'GET /api/messages/texts': Route<{ texts: TextRecord[] }>;

  // Reminders, mail and analytics.
  'GET /api/reminders': Route<Reminder[]>;
  'GET /api/reminders/summary': Route<ReminderSummary>;
  'POST /api/reminders/send-due': Route<{ sent: number }>;
  'GET /api/outbox': Route<WaitingMessages>;
  'POST /api/outbox/:id/send': Route<{ id: number; status: 'sending' }>;
  'POST /api/outbox/:id/discard': Route<{ id: number; status: 'discarded' }>;
  'POST /api/analytics': NoContentRoute<PageViewEvent>;
  'GET /api/analytics/stats': Route<AnalyticsStats>;

  // Site content.
  'GET /api/site-content': Route<PublishedSiteContent>;
  'PUT /api/site-content': Route<
    PublishedSiteContent,
    200,
    SiteContentUpdate,
    ApiErrorBody | SiteContentConflict
  >;
  'GET /api/site-content/revisions': Route<SiteContentRevision[]>;

  // The business's settings, by domain.
  'GET /api/settings/:domain': Route<DomainSettings>;
  'PUT /api/settings/:domain': Route<DomainSettings, 200, SettingsUpdate, ApiErrorBody | SettingsConflict>;
  'GET /api/settings/:domain/history': Route<SettingsChange[]>;

  // Tyres.
  'GET /api/tyres/catalogue': Route<StaffTyrePage>;
  'PATCH /api/tyres/:id': Route<StaffTyre, 200, TyreChange>;
  'GET /api/tyres/suppliers': Route<TyreSupplier[]>;
  'POST /api/tyres/suppliers': Route<TyreSupplier, 201, { name: string; mapping: ColumnMapping }>;
  'GET /api/tyres/imports': Route<TyreImportReport[]>;
  'POST /api/tyres/imports': Route<{ id: number }, 202, Record<string, FormDataEntryValue>>;
  'GET /api/tyres/imports/:id': Route<TyreImportReport>;
  'GET /api/tyres/to-order': Route<TyreToOrder[]>;
  'PUT /api/tyres/to-order/:id': Route<TyreToOrder[], 200, { ordered: boolean }>;
  'GET /api/tyres/held': Route<Booking[]>;
  'POST /api/tyres/held/:id/release': Route<Booking[]>;
};
