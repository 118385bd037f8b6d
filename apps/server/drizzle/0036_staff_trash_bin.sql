ALTER TABLE "bookings_staff_members" ADD COLUMN "service_provider" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings_staff_members" ADD COLUMN "deleted_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings_staff_members" ADD COLUMN "services_before_delete" uuid[];--> statement-breakpoint
ALTER TABLE "bookings_external_calendars" ADD COLUMN "account_email" text;--> statement-breakpoint
CREATE INDEX "bookings_staff_members_deleted_idx" ON "bookings_staff_members" USING btree ("deleted_date") WHERE "bookings_staff_members"."deleted_date" is not null;