CREATE TABLE "data_job_errors" (
	"job_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"item_id" text,
	"code" text NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "data_job_errors_job_id_row_number_pk" PRIMARY KEY("job_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "data_job_file_parts" (
	"job_id" uuid NOT NULL,
	"part" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "data_job_file_parts_job_id_part_pk" PRIMARY KEY("job_id","part")
);
--> statement-breakpoint
CREATE TABLE "data_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"collection_id" text NOT NULL,
	"format" text NOT NULL,
	"mode" text,
	"status" text NOT NULL,
	"filter" jsonb,
	"site" jsonb NOT NULL,
	"caller" jsonb NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"inserted_rows" integer DEFAULT 0 NOT NULL,
	"updated_rows" integer DEFAULT 0 NOT NULL,
	"skipped_rows" integer DEFAULT 0 NOT NULL,
	"failed_rows" integer DEFAULT 0 NOT NULL,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"file_bytes" bigint DEFAULT 0 NOT NULL,
	"failure" jsonb,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_date" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "data_items_search_trgm";--> statement-breakpoint
ALTER TABLE "data_job_errors" ADD CONSTRAINT "data_job_errors_job_id_data_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."data_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_job_file_parts" ADD CONSTRAINT "data_job_file_parts_job_id_data_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."data_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_jobs" ADD CONSTRAINT "data_jobs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;