CREATE TABLE "enquiry_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"enquiry_id" integer NOT NULL,
	"actor_id" integer,
	"actor_name" text,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquiry_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"enquiry_id" integer NOT NULL,
	"author_id" integer,
	"author_name" text,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquiry_reference_counters" (
	"month" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
-- Each new enquiry's reference, ENQ-YYMM-NNNN: numbered per month (London time) by a counter row
-- that the insert locks until it commits, so references are unique across server processes.
CREATE FUNCTION next_enquiry_reference() RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  this_month text := to_char(now() AT TIME ZONE 'Europe/London', 'YYMM');
  number integer;
BEGIN
  INSERT INTO enquiry_reference_counters (month, last) VALUES (this_month, 1)
    ON CONFLICT (month) DO UPDATE SET last = enquiry_reference_counters.last + 1
    RETURNING last INTO number;
  RETURN 'ENQ-' || this_month || '-' || CASE WHEN number < 10000 THEN lpad(number::text, 4, '0') ELSE number::text END;
END;
$$;--> statement-breakpoint
-- Enquiries stored before the pipeline: contacted ones are Contacted, and each gets the reference
-- it would have had, numbered per month in the order they arrived.
UPDATE "enquiries" SET "status" = 'contacted' WHERE "contacted";--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "reference" text;--> statement-breakpoint
WITH numbered AS (
  SELECT "id", to_char("created_at" AT TIME ZONE 'Europe/London', 'YYMM') AS month,
    row_number() OVER (PARTITION BY to_char("created_at" AT TIME ZONE 'Europe/London', 'YYMM') ORDER BY "id") AS n
  FROM "enquiries"
)
UPDATE "enquiries" SET "reference" = 'ENQ-' || numbered.month || '-' || CASE WHEN numbered.n < 10000 THEN lpad(numbered.n::text, 4, '0') ELSE numbered.n::text END
FROM numbered WHERE numbered."id" = "enquiries"."id";--> statement-breakpoint
INSERT INTO "enquiry_reference_counters" ("month", "last")
SELECT to_char("created_at" AT TIME ZONE 'Europe/London', 'YYMM'), count(*) FROM "enquiries" GROUP BY 1;--> statement-breakpoint
ALTER TABLE "enquiries" ALTER COLUMN "reference" SET DEFAULT next_enquiry_reference();--> statement-breakpoint
ALTER TABLE "enquiries" ALTER COLUMN "reference" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "postcode" text;--> statement-breakpoint
ALTER TABLE "enquiry_events" ADD CONSTRAINT "enquiry_events_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_events" ADD CONSTRAINT "enquiry_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_notes" ADD CONSTRAINT "enquiry_notes_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_notes" ADD CONSTRAINT "enquiry_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiry_events_enquiry_idx" ON "enquiry_events" USING btree ("enquiry_id","id");--> statement-breakpoint
CREATE INDEX "enquiry_notes_enquiry_idx" ON "enquiry_notes" USING btree ("enquiry_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "enquiries_reference_idx" ON "enquiries" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "enquiries_status_id_idx" ON "enquiries" USING btree ("status","id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_status_check" CHECK ("enquiries"."status" in ('new', 'contacted', 'quoted', 'booked', 'completed', 'closed'));