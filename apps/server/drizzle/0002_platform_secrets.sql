CREATE TABLE "platform_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
