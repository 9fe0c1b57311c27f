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
ALTER TABLE "deep_debug_sessions" ADD CONSTRAINT "deep_debug_sessions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deep_debug_sessions" ADD CONSTRAINT "deep_debug_sessions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deep_debug_sessions_project_idx" ON "deep_debug_sessions" USING btree ("project_id","created_at");