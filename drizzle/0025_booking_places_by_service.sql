-- A branch's MOT tests and servicing have windows and places of their own: a booking keeps the
-- key of the row of booking_places its place is counted in (the location's key for tyre work,
-- `harold-hill/mot` for an MOT at Harold Hill), and the place given back is that one. Every
-- booking stored before took its place under its location.
ALTER TABLE "bookings" ADD COLUMN "places_key" text;--> statement-breakpoint
UPDATE "bookings" SET "places_key" = "location";--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "places_key" SET NOT NULL;--> statement-breakpoint
-- Gives back the place a booking held when it stops holding it: cancelled, moved to another
-- window or places key (the new one was taken by the statement that moved it), or deleted (by
-- staff, with its enquiry, by the retention purge or an erasure).
CREATE OR REPLACE FUNCTION release_booking_place() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'cancelled' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' OR NEW.status = 'cancelled' OR NEW.places_key <> OLD.places_key
    OR NEW.date <> OLD.date OR NEW.start_time <> OLD.start_time THEN
    UPDATE booking_places SET taken = taken - 1
    WHERE location = OLD.places_key AND date = OLD.date AND start_time = OLD.start_time;
  END IF;
  RETURN NULL;
END;
$$;
