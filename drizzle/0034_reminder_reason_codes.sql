-- Why a reminder was cancelled is stored as a code (common/reminders/reminders.ts
-- `cancelledReasonCodes`), whose words staff read live in one place, the dashboard's; the
-- database's own reasons, for a booking that answers a reminder, become codes too.
UPDATE reminders SET cancelled_reason = CASE cancelled_reason
  WHEN 'The MOT expiry changed.' THEN 'expiry-changed'
  WHEN 'Unticked by staff.' THEN 'unticked'
  WHEN 'Unsubscribed.' THEN 'unsubscribed'
  WHEN 'No review link was set in the site content.' THEN 'no-review-link'
  WHEN 'An MOT was booked since.' THEN 'mot-booked'
  WHEN 'Tyre work was booked since.' THEN 'tyres-booked'
  ELSE cancelled_reason
END
WHERE cancelled_reason IS NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION reminder_booked_reason(kind text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN kind = 'mot' THEN 'mot-booked' ELSE 'tyres-booked' END
$$;--> statement-breakpoint
ALTER TABLE reminders ADD CONSTRAINT reminders_cancelled_reason_code CHECK (
  cancelled_reason IN ('expiry-changed', 'unticked', 'unsubscribed', 'no-review-link', 'mot-booked', 'tyres-booked')
);
