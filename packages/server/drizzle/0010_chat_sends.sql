CREATE TABLE "chat_sends" (
	"project_id" text NOT NULL,
	"client_message_id" text NOT NULL,
	"revision_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_sends_project_id_client_message_id_pk" PRIMARY KEY("project_id","client_message_id")
);
--> statement-breakpoint
ALTER TABLE "chat_sends" ADD CONSTRAINT "chat_sends_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sends" ADD CONSTRAINT "chat_sends_revision_id_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."revisions"("id") ON DELETE cascade ON UPDATE no action;