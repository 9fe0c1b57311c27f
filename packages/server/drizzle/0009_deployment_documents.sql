CREATE TABLE "deployment_documents" (
	"deployment_id" text PRIMARY KEY NOT NULL,
	"etag" text NOT NULL,
	"size" integer NOT NULL,
	"br" "bytea" NOT NULL,
	"gzip" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deployment_documents" ADD CONSTRAINT "deployment_documents_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;