CREATE TABLE "handled_events" (
	"handler" text NOT NULL,
	"event_id" uuid NOT NULL,
	"handled_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handled_events_handler_event_id_pk" PRIMARY KEY("handler","event_id")
);
--> statement-breakpoint
CREATE INDEX "handled_events_handled_date" ON "handled_events" USING btree ("handled_date");