ALTER TABLE "bookings_staff_members" ADD COLUMN "user_connection_email" text;--> statement-breakpoint
ALTER TABLE "bookings_staff_members" ADD COLUMN "user_connection_status" text;--> statement-breakpoint
ALTER TABLE "bookings_staff_members" ADD COLUMN "user_connection_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings_staff_members" ADD COLUMN "user_id" text;