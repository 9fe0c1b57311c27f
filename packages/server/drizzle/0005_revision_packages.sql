CREATE TABLE "revision_packages" (
	"revision_id" text NOT NULL,
	"source" text NOT NULL,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"integrity" text NOT NULL,
	"bundle" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revision_packages_revision_id_source_pk" PRIMARY KEY("revision_id","source")
);
--> statement-breakpoint
ALTER TABLE "revision_packages" ADD CONSTRAINT "revision_packages_revision_id_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."revisions"("id") ON DELETE cascade ON UPDATE no action;