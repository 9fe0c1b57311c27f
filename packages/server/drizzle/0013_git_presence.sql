CREATE TABLE "project_git_remotes" (
	"project_id" text PRIMARY KEY NOT NULL,
	"remote_url" text NOT NULL,
	"sealed_token" text,
	"updated_by_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_push_at" timestamp with time zone,
	"last_push_ok" boolean,
	"last_push_message" text,
	"last_push_commits" integer
);
--> statement-breakpoint
CREATE TABLE "room_presence" (
	"connection_id" text NOT NULL,
	"room_id" text NOT NULL,
	"user_id" text NOT NULL,
	"typing" boolean DEFAULT false NOT NULL,
	"selected_module" text,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_presence_connection_id_room_id_pk" PRIMARY KEY("connection_id","room_id")
);
--> statement-breakpoint
ALTER TABLE "project_git_remotes" ADD CONSTRAINT "project_git_remotes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_git_remotes" ADD CONSTRAINT "project_git_remotes_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_presence" ADD CONSTRAINT "room_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_presence_room_idx" ON "room_presence" USING btree ("room_id");