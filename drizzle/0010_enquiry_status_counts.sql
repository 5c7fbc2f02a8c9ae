CREATE TABLE "enquiry_status_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
-- Changes the counts by what one statement did to enquiries: any insert, status change or
-- deletion (by staff, the retention purge, an erasure, a cascade) or a truncation. The changes
-- are added in the order of the statuses, so that two transactions never each hold a count the
-- other waits for; a status without a row gets one.
CREATE FUNCTION count_enquiry_statuses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE enquiry_status_counts SET count = 0 WHERE count <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO enquiry_status_counts AS counts (status, count)
    SELECT status, count(*) FROM new_enquiries GROUP BY status ORDER BY status
    ON CONFLICT (status) DO UPDATE SET count = counts.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO enquiry_status_counts AS counts (status, count)
    SELECT status, -count(*) FROM old_enquiries GROUP BY status ORDER BY status
    ON CONFLICT (status) DO UPDATE SET count = counts.count + excluded.count;
  ELSE
    INSERT INTO enquiry_status_counts AS counts (status, count)
    SELECT status, sum(change) FROM (
      SELECT status, 1 AS change FROM new_enquiries
      UNION ALL
      SELECT status, -1 FROM old_enquiries
    ) AS changes
    GROUP BY status HAVING sum(change) <> 0 ORDER BY status
    ON CONFLICT (status) DO UPDATE SET count = counts.count + excluded.count;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER enquiries_count_inserted AFTER INSERT ON "enquiries"
  REFERENCING NEW TABLE AS new_enquiries FOR EACH STATEMENT EXECUTE FUNCTION count_enquiry_statuses();--> statement-breakpoint
CREATE TRIGGER enquiries_count_updated AFTER UPDATE ON "enquiries"
  REFERENCING OLD TABLE AS old_enquiries NEW TABLE AS new_enquiries
  FOR EACH STATEMENT EXECUTE FUNCTION count_enquiry_statuses();--> statement-breakpoint
CREATE TRIGGER enquiries_count_deleted AFTER DELETE ON "enquiries"
  REFERENCING OLD TABLE AS old_enquiries FOR EACH STATEMENT EXECUTE FUNCTION count_enquiry_statuses();--> statement-breakpoint
CREATE TRIGGER enquiries_count_truncated AFTER TRUNCATE ON "enquiries"
  FOR EACH STATEMENT EXECUTE FUNCTION count_enquiry_statuses();--> statement-breakpoint
-- Counted once the triggers are in place: creating them locked out other writers until this
-- transaction commits, so that no change falls between the count and the triggers.
INSERT INTO "enquiry_status_counts" ("status", "count")
SELECT "status", count(*) FROM "enquiries" GROUP BY "status";
