CREATE TABLE "reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"step" integer DEFAULT 1 NOT NULL,
	"registration" text NOT NULL,
	"booking_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"location" text NOT NULL,
	"cancelled_reason" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_kind_check" CHECK ("reminders"."kind" in ('mot', 'tyres', 'review')),
	CONSTRAINT "reminders_status_check" CHECK ("reminders"."status" in ('scheduled', 'sent', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"registration" text PRIMARY KEY NOT NULL,
	"mot_expiry" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminders_due_idx" ON "reminders" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "reminders_registration_idx" ON "reminders" USING btree ("registration","kind");--> statement-breakpoint
CREATE INDEX "reminders_booking_idx" ON "reminders" USING btree ("booking_id");--> statement-breakpoint
-- A vehicle's MOT expiry shows in its history, which the servers keep between changes
-- (migration 0020).
CREATE TRIGGER vehicles_jobs_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vehicles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_staff_data_changed('jobs');
