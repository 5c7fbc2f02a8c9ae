CREATE TABLE "task_runs" (
	"task" text PRIMARY KEY NOT NULL,
	"running_since" timestamp with time zone,
	"running_in" text,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_outcome" text,
	"last_error" text,
	CONSTRAINT "task_runs_last_outcome" CHECK ("task_runs"."last_outcome" in ('succeeded', 'failed', 'interrupted'))
);
