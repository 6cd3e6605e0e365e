CREATE TABLE "form16_bulk_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"financial_year_start" smallint NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form16_bulk_uploads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "form16_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"financial_year_start" smallint NOT NULL,
	"form_type" smallint NOT NULL,
	"kind" text DEFAULT 'uploaded' NOT NULL,
	"file_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form16_documents_form_type" CHECK ("form16_documents"."form_type" IN (1, 2)),
	CONSTRAINT "form16_documents_kind" CHECK ("form16_documents"."kind" IN ('uploaded', 'generated'))
);
--> statement-breakpoint
ALTER TABLE "form16_documents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "form16_bulk_uploads" ADD CONSTRAINT "form16_bulk_uploads_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form16_bulk_uploads" ADD CONSTRAINT "form16_bulk_uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form16_documents" ADD CONSTRAINT "form16_documents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form16_documents" ADD CONSTRAINT "form16_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form16_documents" ADD CONSTRAINT "form16_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form16_documents" ADD CONSTRAINT "form16_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form16_bulk_uploads_tenant_idx" ON "form16_bulk_uploads" USING btree ("tenant_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "form16_documents_one_per_type" ON "form16_documents" USING btree ("tenant_id","user_id","financial_year_start","form_type");--> statement-breakpoint
CREATE INDEX "form16_documents_year_idx" ON "form16_documents" USING btree ("tenant_id","financial_year_start");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "form16_bulk_uploads" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "form16_documents" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());