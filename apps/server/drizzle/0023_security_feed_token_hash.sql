DROP INDEX "bookings_staff_calendar_feeds_token_idx";--> statement-breakpoint
ALTER TABLE "bookings_staff_calendar_feeds" ADD COLUMN "token_hash" text;--> statement-breakpoint
-- Feeds made before: their token is still in clear; its hash is SHA-256 in base64url, as hashToken() makes it.
UPDATE "bookings_staff_calendar_feeds" SET "token_hash" = rtrim(translate(encode(sha256(convert_to("token", 'UTF8')), 'base64'), '+/', '-_'), '=');--> statement-breakpoint
ALTER TABLE "bookings_staff_calendar_feeds" ALTER COLUMN "token_hash" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_staff_calendar_feeds_token_hash_idx" ON "bookings_staff_calendar_feeds" USING btree ("token_hash");
