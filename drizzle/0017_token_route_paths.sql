-- Page views of secret links (a booking's manage link, a staff account's set-up link) were
-- stored with their token. Each becomes its route's pattern; daily rows that then name the same
-- path are merged. The patterns are common/token-routes.ts's.
UPDATE "page_views" SET "path" = regexp_replace(regexp_replace("path",
  '^/bookings/manage/[^/?#]+', '/bookings/manage/:token', 'i'),
  '^/account-setup/[^/?#]+', '/account-setup/:token', 'i')
WHERE "path" ~* '^/(bookings/manage|account-setup)/[^/?#]+';
--> statement-breakpoint
WITH "moved" AS (
  DELETE FROM "page_view_daily"
  WHERE "path" ~* '^/(bookings/manage|account-setup)/[^/?#]+'
    AND "path" <> regexp_replace(regexp_replace("path",
      '^/bookings/manage/[^/?#]+', '/bookings/manage/:token', 'i'),
      '^/account-setup/[^/?#]+', '/account-setup/:token', 'i')
  RETURNING "day", "path", "visits", "unique_visitors"
)
INSERT INTO "page_view_daily" ("day", "path", "visits", "unique_visitors")
SELECT "day", regexp_replace(regexp_replace("path",
    '^/bookings/manage/[^/?#]+', '/bookings/manage/:token', 'i'),
    '^/account-setup/[^/?#]+', '/account-setup/:token', 'i'),
  sum("visits"), sum("unique_visitors")
FROM "moved" GROUP BY 1, 2
ON CONFLICT ("day", "path") DO UPDATE SET
  "visits" = "page_view_daily"."visits" + excluded."visits",
  "unique_visitors" = "page_view_daily"."unique_visitors" + excluded."unique_visitors";
--> statement-breakpoint
INSERT INTO "analytics_day_visitors" ("day", "visitor_id", "path")
SELECT "day", "visitor_id", regexp_replace(regexp_replace("path",
    '^/bookings/manage/[^/?#]+', '/bookings/manage/:token', 'i'),
    '^/account-setup/[^/?#]+', '/account-setup/:token', 'i')
FROM "analytics_day_visitors"
WHERE "path" ~* '^/(bookings/manage|account-setup)/[^/?#]+'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM "analytics_day_visitors"
WHERE "path" ~* '^/(bookings/manage|account-setup)/[^/?#]+'
  AND "path" <> regexp_replace(regexp_replace("path",
    '^/bookings/manage/[^/?#]+', '/bookings/manage/:token', 'i'),
    '^/account-setup/[^/?#]+', '/account-setup/:token', 'i');
