CREATE TABLE "booking_places" (
	"location" text NOT NULL,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"taken" integer NOT NULL,
	"granted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_places_location_date_start_time_pk" PRIMARY KEY("location","date","start_time"),
	CONSTRAINT "booking_places_taken_check" CHECK ("booking_places"."taken" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"enquiry_id" integer NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"service" text NOT NULL,
	"service_title" text NOT NULL,
	"location" text NOT NULL,
	"location_name" text NOT NULL,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"registration" text NOT NULL,
	"vehicle" text NOT NULL,
	"postcode" text,
	"outside_area" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"cancel_reason" text,
	"cancelled_by" text,
	"manage_token_hash" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('booked', 'confirmed', 'completed', 'no-show', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_enquiry_idx" ON "bookings" USING btree ("enquiry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_reference_idx" ON "bookings" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_manage_token_idx" ON "bookings" USING btree ("manage_token_hash");--> statement-breakpoint
CREATE INDEX "bookings_starts_at_idx" ON "bookings" USING btree ("starts_at");--> statement-breakpoint
-- Gives back the place a booking held when it stops holding it: cancelled, moved to another
-- window (the new one was taken by the statement that moved it), or deleted (by staff, with its
-- enquiry, by the retention purge or an erasure). Taking a place is the booking statement's own
-- work, since only it knows how many places the window has.
CREATE FUNCTION release_booking_place() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'cancelled' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' OR NEW.status = 'cancelled' OR NEW.location <> OLD.location
    OR NEW.date <> OLD.date OR NEW.start_time <> OLD.start_time THEN
    UPDATE booking_places SET taken = taken - 1
    WHERE location = OLD.location AND date = OLD.date AND start_time = OLD.start_time;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER bookings_release_place AFTER UPDATE OR DELETE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION release_booking_place();
