ALTER TABLE "login_failures" ADD COLUMN "kind" text DEFAULT 'sign-in' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "device" text;--> statement-breakpoint
CREATE INDEX "login_failures_device_idx" ON "login_failures" USING btree ("device","occurred_at");--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_kind_check" CHECK ("login_failures"."kind" in ('sign-in', 'proof'));