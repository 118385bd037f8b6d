CREATE TABLE "platform_hold_capacities" (
	"site_id" uuid NOT NULL,
	"key" text NOT NULL,
	"total" integer NOT NULL,
	"committed" integer DEFAULT 0 NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_hold_capacities_site_id_key_pk" PRIMARY KEY("site_id","key"),
	CONSTRAINT "platform_hold_capacities_valid" CHECK ("platform_hold_capacities"."total" >= 0 AND "platform_hold_capacities"."committed" >= 0)
);
--> statement-breakpoint
CREATE TABLE "platform_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"capacity_key" text NOT NULL,
	"quantity" integer NOT NULL,
	"owner" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_holds_quantity_positive" CHECK ("platform_holds"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "bookings_busy_times" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings_occupancy" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings_bookings" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_holds_owner_idx" ON "platform_holds" USING btree ("site_id","capacity_key","owner");--> statement-breakpoint
CREATE INDEX "platform_holds_owner_lookup_idx" ON "platform_holds" USING btree ("site_id","owner");--> statement-breakpoint
CREATE INDEX "platform_holds_expires_idx" ON "platform_holds" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "bookings_bookings_hold_due_idx" ON "bookings_bookings" USING btree ("hold_expires_at") WHERE "bookings_bookings"."status" = 'CREATED' AND "bookings_bookings"."hold_expires_at" IS NOT NULL;