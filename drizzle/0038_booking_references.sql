CREATE TABLE "booking_reference_counters" (
	"month" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
-- Each new booking's reference, BK-YYMM-NNNN, numbered per month (London time) of the moment
-- the product gives, like the enquiries' ENQ- numbers (0028): the enquiry stored with the booking
-- carries the same reference. Bookings stored before keep their ENQ- reference.
CREATE FUNCTION next_booking_reference(at timestamptz DEFAULT now()) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  this_month text := to_char(at AT TIME ZONE 'Europe/London', 'YYMM');
  number integer;
BEGIN
  INSERT INTO booking_reference_counters (month, last) VALUES (this_month, 1)
    ON CONFLICT (month) DO UPDATE SET last = booking_reference_counters.last + 1
    RETURNING last INTO number;
  RETURN 'BK-' || this_month || '-' || CASE WHEN number < 10000 THEN lpad(number::text, 4, '0') ELSE number::text END;
END;
$$;
