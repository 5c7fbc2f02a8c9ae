CREATE TABLE "service_checks" (
	"service" text PRIMARY KEY NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_failure" text
);
--> statement-breakpoint
CREATE TABLE "vehicle_lookups" (
	"registration" text PRIMARY KEY NOT NULL,
	"answer" jsonb,
	"looked_up_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"direction" text NOT NULL,
	"kind" text,
	"phone" text NOT NULL,
	"body" text NOT NULL,
	"booking_id" integer,
	"enquiry_id" integer,
	"outbox_id" bigint,
	"provider_id" text,
	"status" text NOT NULL,
	"error_code" integer,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "text_messages_direction_check" CHECK ("text_messages"."direction" in ('out', 'in')),
	CONSTRAINT "text_messages_status_check" CHECK ("text_messages"."status" in ('sending', 'queued', 'sent', 'delivered', 'undelivered', 'failed', 'received'))
);
--> statement-breakpoint
CREATE TABLE "text_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "contact_by" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "contact_by_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "contact_by" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "contact_by_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "day_before_text_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "mot_expiry_source" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "mot_test" jsonb;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "mot_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "text_messages" ADD CONSTRAINT "text_messages_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_messages" ADD CONSTRAINT "text_messages_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "text_messages_outbox_idx" ON "text_messages" USING btree ("outbox_id");--> statement-breakpoint
CREATE UNIQUE INDEX "text_messages_provider_idx" ON "text_messages" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "text_messages_booking_idx" ON "text_messages" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "text_messages_enquiry_idx" ON "text_messages" USING btree ("enquiry_id");--> statement-breakpoint
CREATE INDEX "text_messages_phone_idx" ON "text_messages" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "text_messages_unread_idx" ON "text_messages" USING btree ("created_at") WHERE "text_messages"."direction" = 'in' and "text_messages"."read_at" is null;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_channel_check" CHECK ("outbox"."channel" in ('email', 'text'));--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_contact_by_check" CHECK ("enquiries"."contact_by" in ('email', 'text', 'both'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_contact_by_check" CHECK ("bookings"."contact_by" in ('email', 'text', 'both'));--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_mot_expiry_source_check" CHECK ("vehicles"."mot_expiry_source" in ('here', 'staff', 'dvsa'));