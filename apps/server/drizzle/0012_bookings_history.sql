CREATE TABLE "bookings_booking_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"event" text NOT NULL,
	"status" text NOT NULL,
	"revision" integer NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"total_participants" integer NOT NULL,
	"details" jsonb,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bookings_booking_history_booking_idx" ON "bookings_booking_history" USING btree ("site_id","booking_id","created_date");