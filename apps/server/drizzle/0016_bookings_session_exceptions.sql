ALTER TABLE "bookings_sessions" ADD COLUMN "occurrence_id" text;--> statement-breakpoint
ALTER TABLE "bookings_sessions" ADD COLUMN "cancelled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_sessions_occurrence_idx" ON "bookings_sessions" USING btree ("site_id","occurrence_id") WHERE "bookings_sessions"."occurrence_id" IS NOT NULL;