CREATE TABLE "bookings_add_ons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price" numeric(20, 6) NOT NULL,
	"currency" text NOT NULL,
	"duration_in_minutes" integer,
	"max_quantity" integer,
	"doc" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bookings_add_ons_site_created" ON "bookings_add_ons" USING btree ("site_id","created_date");