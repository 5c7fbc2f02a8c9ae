ALTER TABLE "job_events" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "job_files" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "price_held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "request_hash" text;