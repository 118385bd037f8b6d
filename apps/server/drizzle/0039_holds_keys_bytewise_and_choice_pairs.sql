-- Capacity keys are ASCII names (`stores.inventory:<uuid>`, `bookings.session:<uuid>`) looked up by equality hundreds
-- of times in a list read; under the database's default collation every comparison goes through strcoll, under "C"
-- it is memcmp. The order of ASCII keys is the same under both, so the key order holds are locked in does not change.
ALTER TABLE "platform_hold_capacities" ALTER COLUMN "key" TYPE text COLLATE "C";
--> statement-breakpoint
ALTER TABLE "platform_holds" ALTER COLUMN "capacity_key" TYPE text COLLATE "C";
--> statement-breakpoint
-- A column's new type drops its statistics; without them a lookup by key is planned for 1,250 rows.
ANALYZE "platform_hold_capacities";
--> statement-breakpoint
ANALYZE "platform_holds";
--> statement-breakpoint
-- A variant's choices as `optionId=choiceId` pairs, comma-separated (the stores list summary's `choicesInStock`):
-- the generated column `stores_variants.choice_pairs` (next migration) keeps them, so a list read does not take
-- every variant's choices apart.
CREATE OR REPLACE FUNCTION stores_choice_pairs(choices jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT string_agg(key || '=' || value, ',') FROM jsonb_each_text(choices) $$;
