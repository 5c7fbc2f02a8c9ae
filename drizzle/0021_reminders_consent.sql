ALTER TABLE "bookings" ADD COLUMN "reminders_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reminders_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reminders_consent_wording" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "reminders_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "reminders_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "reminders_consent_wording" text;