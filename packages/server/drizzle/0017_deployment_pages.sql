CREATE TABLE "deployment_pages" (
	"deployment_id" text NOT NULL,
	"path" text NOT NULL,
	"html" text NOT NULL,
	"etag" text NOT NULL,
	"br" "bytea" NOT NULL,
	"gzip" "bytea" NOT NULL,
	CONSTRAINT "deployment_pages_deployment_id_path_pk" PRIMARY KEY("deployment_id","path")
);
--> statement-breakpoint
ALTER TABLE "deployment_pages" ADD CONSTRAINT "deployment_pages_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;