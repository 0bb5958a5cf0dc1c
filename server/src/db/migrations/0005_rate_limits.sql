CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_started_idx" ON "rate_limits" USING btree ("started_at");