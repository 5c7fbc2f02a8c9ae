-- A booking answers the reminders that would ask for it: an MOT booked for a vehicle cancels its
-- scheduled MOT reminders, tyre work booked for it (any service but an MOT or servicing) its
-- scheduled tyre reminder, at once and in the statement that stores the booking. Cancelled
-- again, the booking gives back those still to come, unless another booking answers them or
-- the address has unsubscribed meanwhile.
CREATE FUNCTION reminder_kind_of_service(service text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN service = 'mot' THEN 'mot' WHEN service = 'servicing' THEN NULL ELSE 'tyres' END
$$;--> statement-breakpoint
CREATE FUNCTION reminder_booked_reason(kind text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN kind = 'mot' THEN 'An MOT was booked since.' ELSE 'Tyre work was booked since.' END
$$;--> statement-breakpoint
CREATE FUNCTION reminders_follow_booking() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  answered text := reminder_kind_of_service(NEW.service);
BEGIN
  IF answered IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.status <> 'cancelled' THEN
      UPDATE reminders SET status = 'cancelled', cancelled_reason = reminder_booked_reason(answered)
      WHERE registration = NEW.registration AND kind = answered AND status = 'scheduled';
    END IF;
  ELSIF NEW.status = 'cancelled' AND OLD.status <> 'cancelled' THEN
    UPDATE reminders SET status = 'scheduled', cancelled_reason = NULL
    WHERE registration = NEW.registration AND kind = answered AND status = 'cancelled'
      AND cancelled_reason = reminder_booked_reason(answered) AND due_at > now()
      AND NOT EXISTS (SELECT 1 FROM reminder_unsubscribes gone WHERE gone.email = lower(reminders.email))
      AND NOT EXISTS (
        SELECT 1 FROM bookings other
        WHERE other.registration = reminders.registration AND other.id <> NEW.id
          AND other.status <> 'cancelled' AND other.created_at > reminders.created_at
          AND reminder_kind_of_service(other.service) = answered
      );
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER bookings_answer_reminders AFTER INSERT ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION reminders_follow_booking();--> statement-breakpoint
CREATE TRIGGER bookings_cancelled_reminders AFTER UPDATE OF status ON "bookings"
  FOR EACH ROW WHEN (NEW.status = 'cancelled' AND OLD.status <> 'cancelled')
  EXECUTE FUNCTION reminders_follow_booking();
