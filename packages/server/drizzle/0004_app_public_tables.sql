CREATE TABLE "app_public_tables" (
	"project_id" text NOT NULL,
	"table_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_public_tables_project_id_table_name_pk" PRIMARY KEY("project_id","table_name")
);
--> statement-breakpoint
ALTER TABLE "app_public_tables" ADD CONSTRAINT "app_public_tables_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;