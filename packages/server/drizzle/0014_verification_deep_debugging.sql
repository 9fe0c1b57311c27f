CREATE TABLE "deep_debug_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"problem" text NOT NULL,
	"status" text NOT NULL,
	"max_steps" integer NOT NULL,
	"max_credits" integer NOT NULL,
	"steps" integer DEFAULT 0 NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_verification_settings" (
	"project_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revision_verifications" (
	"revision_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"steps" jsonb NOT NULL,
	"console_errors" jsonb NOT NULL,
	"failed_requests" jsonb NOT NULL,
	"note" text,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_screenshots" (
	"id" text PRIMARY KEY NOT NULL,
	"revision_id" text NOT NULL,
	"jpeg" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deep_debug_sessions" ADD CONSTRAINT "deep_debug_sessions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deep_debug_sessions" ADD CONSTRAINT "deep_debug_sessions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_verification_settings" ADD CONSTRAINT "project_verification_settings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revision_verifications" ADD CONSTRAINT "revision_verifications_revision_id_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_screenshots" ADD CONSTRAINT "verification_screenshots_revision_id_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deep_debug_sessions_project_idx" ON "deep_debug_sessions" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "verification_screenshots_revision_idx" ON "verification_screenshots" USING btree ("revision_id");