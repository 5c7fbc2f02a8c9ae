ALTER TABLE "enquiries" ADD COLUMN "registration" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "contact_by_wording" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "contact_by_wording" text;