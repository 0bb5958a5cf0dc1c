-- Approval routes of a company per document kind, the runs of a route over one frozen version of a document, and
-- the step slots each participant decides. The inbox («Мои задачи») is one table of open tasks per user.
CREATE TABLE "approval_routes" (
  "id" serial PRIMARY KEY,
  "company_id" integer NOT NULL,
  "kind" text NOT NULL,
  "title" text NOT NULL,
  "is_default" boolean NOT NULL DEFAULT false,
  "law" text,
  "method" text,
  "min_amount" numeric(18, 2),
  "subject" text,
  "steps" jsonb NOT NULL,
  "created_by" integer,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  "deleted_at" timestamptz
);
--> statement-breakpoint
CREATE INDEX "approval_routes_company_kind_idx" ON "approval_routes" ("company_id", "kind") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "approvals" (
  "id" serial PRIMARY KEY,
  "company_id" integer NOT NULL,
  "kind" text NOT NULL,
  "document_id" integer NOT NULL,
  "route_id" integer NOT NULL,
  "route_title" text NOT NULL,
  "status" text NOT NULL DEFAULT 'pending',
  "version_hash" text NOT NULL,
  "version_label" text NOT NULL,
  "document_title" text NOT NULL,
  "author_id" integer NOT NULL,
  "current_step" integer NOT NULL DEFAULT 0,
  "steps_total" integer NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "decided_at" timestamptz
);
--> statement-breakpoint
CREATE INDEX "approvals_document_idx" ON "approvals" ("company_id", "kind", "document_id", "id");
--> statement-breakpoint
-- one pending run per document at a time: a double click on «Отправить на согласование» starts one
CREATE UNIQUE INDEX "approvals_one_pending_uq" ON "approvals" ("company_id", "kind", "document_id") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE TABLE "approval_slots" (
  "id" serial PRIMARY KEY,
  "approval_id" integer NOT NULL,
  "company_id" integer NOT NULL,
  "step_no" integer NOT NULL,
  "assignee_user_id" integer,
  "assignee_role" text,
  "with_signature" boolean NOT NULL DEFAULT false,
  "term_days" integer NOT NULL,
  "status" text NOT NULL DEFAULT 'waiting',
  "due_on" date,
  "decided_by" integer,
  "decided_at" timestamptz,
  "comment" text,
  "signature_id" integer,
  "delegated_from" integer
);
--> statement-breakpoint
CREATE INDEX "approval_slots_approval_idx" ON "approval_slots" ("approval_id", "step_no");
--> statement-breakpoint
CREATE TABLE "approval_events" (
  "id" serial PRIMARY KEY,
  "approval_id" integer NOT NULL,
  "company_id" integer NOT NULL,
  "slot_id" integer,
  "user_id" integer,
  "action" text NOT NULL,
  "comment" text,
  "signature_id" integer,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "approval_events_approval_idx" ON "approval_events" ("approval_id", "id");
--> statement-breakpoint
CREATE TABLE "tasks" (
  "id" bigserial PRIMARY KEY,
  "user_id" integer NOT NULL,
  "company_id" integer,
  "kind" text NOT NULL,
  "source_key" text NOT NULL,
  "title" text NOT NULL,
  "subtitle" text,
  "link" text NOT NULL,
  "due_on" date,
  -- the page's order: by due date, the undated last (keyset paging needs a value, derived from due_on alone)
  "sort_on" date GENERATED ALWAYS AS (coalesce("due_on", DATE '9999-12-31')) STORED,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "done_at" timestamptz
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_user_source_uq" ON "tasks" ("user_id", "source_key");
--> statement-breakpoint
CREATE INDEX "tasks_open_idx" ON "tasks" ("user_id", "sort_on", "id") WHERE "done_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "tasks_open_kind_idx" ON "tasks" ("user_id", "kind", "sort_on", "id") WHERE "done_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "tasks_open_company_idx" ON "tasks" ("user_id", "company_id", "sort_on", "id") WHERE "done_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "tasks_source_idx" ON "tasks" ("source_key") WHERE "done_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "tasks_due_idx" ON "tasks" ("due_on") WHERE "done_at" IS NULL;
