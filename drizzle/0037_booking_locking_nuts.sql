ALTER TABLE "bookings" ADD COLUMN "locking_nuts" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "locking_nut_key" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_locking_nuts_check" CHECK ("bookings"."locking_nuts" in ('yes', 'no', 'not-sure'));