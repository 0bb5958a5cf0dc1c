-- A reminder is sent once per task, kind and day (the key below), a digest once per user and day; what a user
-- receives is theirs to set.
CREATE TABLE "reminders_sent" (
  "kind" text NOT NULL,
  "subject_id" bigint NOT NULL,
  "day" date NOT NULL,
  "user_id" integer NOT NULL,
  "sent_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("kind", "subject_id", "day")
);
--> statement-breakpoint
CREATE TABLE "notification_prefs" (
  "user_id" integer PRIMARY KEY,
  "email_new" boolean NOT NULL DEFAULT true,
  "email_due" boolean NOT NULL DEFAULT true,
  "email_overdue" boolean NOT NULL DEFAULT true,
  "email_digest" boolean NOT NULL DEFAULT true,
  "socket" boolean NOT NULL DEFAULT true,
  "updated_at" timestamptz NOT NULL DEFAULT now()
);
