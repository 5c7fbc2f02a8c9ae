CREATE TABLE "reminder_unsubscribes" (
	"email" text PRIMARY KEY NOT NULL,
	"unsubscribed_at" timestamp with time zone DEFAULT now() NOT NULL
);
