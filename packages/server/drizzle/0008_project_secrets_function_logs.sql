CREATE TABLE "function_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"branch" text NOT NULL,
	"level" text NOT NULL,
	"source" text NOT NULL,
	"message" text NOT NULL,
	"method" text,
	"path" text,
	"status" integer,
	"duration_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_secrets" (
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"environment" text NOT NULL,
	"sealed_value" text NOT NULL,
	"set_by_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_secrets_project_id_name_environment_pk" PRIMARY KEY("project_id","name","environment")
);
--> statement-breakpoint
ALTER TABLE "function_logs" ADD CONSTRAINT "function_logs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_secrets" ADD CONSTRAINT "project_secrets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_secrets" ADD CONSTRAINT "project_secrets_set_by_id_users_id_fk" FOREIGN KEY ("set_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "function_logs_project_idx" ON "function_logs" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "function_logs_created_idx" ON "function_logs" USING btree ("created_at");