CREATE TABLE "bookings_guest_tokens" (
	"site_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_date" timestamp with time zone NOT NULL,
	CONSTRAINT "bookings_guest_tokens_site_id_token_hash_pk" PRIMARY KEY("site_id","token_hash")
);
--> statement-breakpoint
CREATE INDEX "bookings_guest_tokens_target" ON "bookings_guest_tokens" USING btree ("site_id","target_id");