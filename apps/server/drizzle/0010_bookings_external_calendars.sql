CREATE TABLE "bookings_external_calendars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"staff_member_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"connection_type" text NOT NULL,
	"name" text,
	"url" text NOT NULL,
	"status" text NOT NULL,
	"disconnect_reason" text,
	"last_sync_date" timestamp with time zone,
	"sync_started_date" timestamp with time zone,
	"last_sync_error" jsonb,
	"busy_interval_count" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings_staff_calendar_feeds" (
	"site_id" uuid NOT NULL,
	"staff_member_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bookings_external_calendars_staff_idx" ON "bookings_external_calendars" USING btree ("site_id","staff_member_id");--> statement-breakpoint
CREATE INDEX "bookings_external_calendars_status_idx" ON "bookings_external_calendars" USING btree ("status","last_sync_date");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_staff_calendar_feeds_token_idx" ON "bookings_staff_calendar_feeds" USING btree ("token");