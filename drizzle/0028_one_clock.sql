-- A reference is numbered in the London month of the moment the product gives (its own clock,
-- which tests set), not the database server's: ENQ-YYMM-NNNN of the enquiry's `created_at`.
-- Called with no moment (a row written by hand), it takes the database's.
ALTER TABLE "enquiries" ALTER COLUMN "reference" DROP DEFAULT;--> statement-breakpoint
DROP FUNCTION next_enquiry_reference();--> statement-breakpoint
CREATE FUNCTION next_enquiry_reference(at timestamptz DEFAULT now()) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  this_month text := to_char(at AT TIME ZONE 'Europe/London', 'YYMM');
  number integer;
BEGIN
  INSERT INTO enquiry_reference_counters (month, last) VALUES (this_month, 1)
    ON CONFLICT (month) DO UPDATE SET last = enquiry_reference_counters.last + 1
    RETURNING last INTO number;
  RETURN 'ENQ-' || this_month || '-' || CASE WHEN number < 10000 THEN lpad(number::text, 4, '0') ELSE number::text END;
END;
$$;--> statement-breakpoint
ALTER TABLE "enquiries" ALTER COLUMN "reference" SET DEFAULT next_enquiry_reference();
