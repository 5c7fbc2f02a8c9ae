CREATE TABLE "business_settings" (
	"domain" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"settings" jsonb NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by_id" integer,
	"changed_by_name" text,
	CONSTRAINT "business_settings_version_positive" CHECK ("business_settings"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "business_settings_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"version" integer NOT NULL,
	"settings" jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by_id" integer,
	"changed_by_name" text,
	CONSTRAINT "business_settings_changes_domain_version" UNIQUE("domain","version")
);
--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_settings_changes" ADD CONSTRAINT "business_settings_changes_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Each installation's settings leave the site content for their own rows, unchanged: the booking
-- times, the tyre price rules, the invoicing details and the reminders, as the newest published
-- content holds them (a domain it does not hold keeps following its defaults). Each is dated and
-- signed as the content version since which it has been what it is.
WITH latest AS (
  SELECT content FROM site_content_revisions ORDER BY version DESC LIMIT 1
), carried AS (
  SELECT d.domain, latest.content -> d.domain AS value
  FROM latest CROSS JOIN (VALUES ('booking'), ('tyres'), ('invoicing'), ('reminders')) AS d(domain)
  WHERE jsonb_typeof(latest.content -> d.domain) = 'object'
), since AS (
  SELECT c.domain, c.value, coalesce((
    SELECT max(r.version) FROM site_content_revisions r WHERE (r.content -> c.domain) IS DISTINCT FROM c.value
  ), 0) + 1 AS version
  FROM carried c
)
INSERT INTO business_settings (domain, version, settings, changed_at, changed_by_id, changed_by_name)
SELECT s.domain, 1, s.value, r.created_at, r.author_id, r.author_name
FROM since s JOIN site_content_revisions r ON r.version = s.version;
--> statement-breakpoint
-- One VAT rate, the invoicing's: the rate the tyre prices used moves there. Where the invoicing
-- details were never set and that rate is not the standard 20%, they are set as invoices stated
-- them until now (the first branch's address and the placeholder number), with that rate.
UPDATE business_settings SET settings = business_settings.settings || jsonb_build_object('vatRatePercent', tyres.settings -> 'vatPercent')
FROM business_settings tyres
WHERE business_settings.domain = 'invoicing' AND tyres.domain = 'tyres' AND tyres.settings ? 'vatPercent';
--> statement-breakpoint
INSERT INTO business_settings (domain, version, settings, changed_at, changed_by_id, changed_by_name)
SELECT 'invoicing', 1, jsonb_build_object(
    'address', (
      SELECT jsonb_build_array(b -> 'address' ->> 'street', b -> 'address' ->> 'locality', b -> 'address' ->> 'postcode')
      FROM (SELECT content -> 'branches' -> 0 AS b FROM site_content_revisions ORDER BY version DESC LIMIT 1) first_branch
    ),
    'vatNumber', 'GB 000 0000 00',
    'vatRatePercent', tyres.settings -> 'vatPercent'
  ), tyres.changed_at, tyres.changed_by_id, tyres.changed_by_name
FROM business_settings tyres
WHERE tyres.domain = 'tyres' AND (tyres.settings ->> 'vatPercent')::numeric <> 20
  AND NOT EXISTS (SELECT 1 FROM business_settings WHERE domain = 'invoicing');
--> statement-breakpoint
UPDATE business_settings SET settings = settings - 'vatPercent' WHERE domain = 'tyres';
--> statement-breakpoint
INSERT INTO business_settings_changes (domain, version, settings, changes, changed_at, changed_by_id, changed_by_name)
SELECT domain, version, settings, '["Carried over from the site content"]'::jsonb, changed_at, changed_by_id, changed_by_name
FROM business_settings;
--> statement-breakpoint
-- Every change of the settings announces itself when its transaction commits, whichever process
-- made it: each server process reads them again and drops the cached pages that show them
-- (server/settings/changes.ts). The payload is empty, so that PostgreSQL sends one per transaction.
CREATE FUNCTION notify_business_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('business_settings_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER business_settings_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON business_settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_business_settings_changed();
