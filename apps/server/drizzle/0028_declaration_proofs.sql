CREATE TABLE "tax_declaration_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"declaration_id" uuid NOT NULL,
	"item_id" text NOT NULL,
	"parent_comment_id" uuid,
	"comments" text NOT NULL,
	"created_by" uuid,
	"is_edited" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_declaration_comments_text_check" CHECK (length(btrim("tax_declaration_comments"."comments")) > 0)
);
--> statement-breakpoint
ALTER TABLE "tax_declaration_comments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tax_declaration_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"declaration_id" uuid NOT NULL,
	"item_id" text NOT NULL,
	"document_type" smallint NOT NULL,
	"file_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_declaration_proofs_document_type_check" CHECK ("tax_declaration_proofs"."document_type" BETWEEN 0 AND 16)
);
--> statement-breakpoint
ALTER TABLE "tax_declaration_proofs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tax_declaration_comments" ADD CONSTRAINT "tax_declaration_comments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_declaration_comments" ADD CONSTRAINT "tax_declaration_comments_declaration_id_tax_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."tax_declarations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_declaration_comments" ADD CONSTRAINT "tax_declaration_comments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_declaration_comments" ADD CONSTRAINT "tax_declaration_comments_parent_fk" FOREIGN KEY ("parent_comment_id") REFERENCES "public"."tax_declaration_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_declaration_proofs" ADD CONSTRAINT "tax_declaration_proofs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_declaration_proofs" ADD CONSTRAINT "tax_declaration_proofs_declaration_id_tax_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."tax_declarations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_declaration_proofs" ADD CONSTRAINT "tax_declaration_proofs_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_declaration_proofs" ADD CONSTRAINT "tax_declaration_proofs_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_declaration_comments_item_idx" ON "tax_declaration_comments" USING btree ("declaration_id","item_id","created_at");--> statement-breakpoint
CREATE INDEX "tax_declaration_proofs_declaration_idx" ON "tax_declaration_proofs" USING btree ("declaration_id","item_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tax_declaration_comments" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tax_declaration_proofs" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());