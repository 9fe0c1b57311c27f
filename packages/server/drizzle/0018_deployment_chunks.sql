CREATE TABLE "deployment_chunks" (
	"deployment_id" text NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"etag" text NOT NULL,
	"br" "bytea" NOT NULL,
	"gzip" "bytea" NOT NULL,
	CONSTRAINT "deployment_chunks_deployment_id_name_pk" PRIMARY KEY("deployment_id","name")
);
--> statement-breakpoint
ALTER TABLE "deployment_chunks" ADD CONSTRAINT "deployment_chunks_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;