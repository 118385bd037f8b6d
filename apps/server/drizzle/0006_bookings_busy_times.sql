CREATE TABLE "bookings_busy_times" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"staff_member_id" uuid,
	"resource_id" uuid,
	"session_id" text,
	"schedule_id" uuid,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"participants" integer DEFAULT 1 NOT NULL,
	"source" text NOT NULL,
	"source_id" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_busy_times_valid" CHECK ("bookings_busy_times"."end_date" > "bookings_busy_times"."start_date" AND "bookings_busy_times"."participants" > 0)
);
--> statement-breakpoint
CREATE INDEX "bookings_busy_times_window_idx" ON "bookings_busy_times" USING gist ("site_id",tstzrange("start_date", "end_date", '[)'));--> statement-breakpoint
CREATE INDEX "bookings_busy_times_session_idx" ON "bookings_busy_times" USING btree ("site_id","session_id") WHERE "bookings_busy_times"."session_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_busy_times_schedule_idx" ON "bookings_busy_times" USING btree ("site_id","schedule_id") WHERE "bookings_busy_times"."schedule_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_busy_times_source_idx" ON "bookings_busy_times" USING btree ("site_id","source","source_id");