CREATE TABLE "analytics_day_visitors" (
	"day" date NOT NULL,
	"visitor_id" text NOT NULL,
	"path" text NOT NULL,
	CONSTRAINT "analytics_day_visitors_day_visitor_id_path_pk" PRIMARY KEY("day","visitor_id","path")
);
--> statement-breakpoint
CREATE TABLE "analytics_days" (
	"day" date PRIMARY KEY NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"unique_visitors" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_daily" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"medium" text DEFAULT '' NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_daily_day_source_medium_campaign_pk" PRIMARY KEY("day","source","medium","campaign")
);
--> statement-breakpoint
CREATE TABLE "referrer_daily" (
	"day" date NOT NULL,
	"host" text NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "referrer_daily_day_host_pk" PRIMARY KEY("day","host")
);
