CREATE TABLE "invoice_custom_field_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"field_id" uuid NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_custom_field_values" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "invoice_custom_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"group_id" smallint NOT NULL,
	"field_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_custom_fields" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "invoice_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"name" text NOT NULL,
	"quantity_milli" bigint NOT NULL,
	"rate_paise" bigint NOT NULL,
	"gst_rate_bp" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "invoice_parties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"state_code" text NOT NULL,
	"gstin" text,
	"pan" text,
	"email" text,
	"bank_name" text,
	"account_number" text,
	"ifsc_code" text,
	"upi_id" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "invoice_parties" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_header" text NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"billed_by_id" uuid NOT NULL,
	"billed_to_id" uuid NOT NULL,
	"place_of_supply" text NOT NULL,
	"is_integrated_tax" smallint NOT NULL,
	"subtotal_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"shipping_details" jsonb,
	"terms" text,
	"notes" text,
	"template_type" smallint DEFAULT 1 NOT NULL,
	"template_base_color" text DEFAULT '#2563eb' NOT NULL,
	"template_base_background_color" text DEFAULT '#ffffff' NOT NULL,
	"heading_font_family" text DEFAULT 'Segoe UI' NOT NULL,
	"body_font_family" text DEFAULT 'Segoe UI' NOT NULL,
	"customized_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "invoices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "invoice_custom_field_values" ADD CONSTRAINT "invoice_custom_field_values_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_custom_field_values" ADD CONSTRAINT "invoice_custom_field_values_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_custom_field_values" ADD CONSTRAINT "invoice_custom_field_values_field_id_invoice_custom_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."invoice_custom_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_custom_fields" ADD CONSTRAINT "invoice_custom_fields_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_parties" ADD CONSTRAINT "invoice_parties_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_parties" ADD CONSTRAINT "invoice_parties_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_billed_by_id_invoice_parties_id_fk" FOREIGN KEY ("billed_by_id") REFERENCES "public"."invoice_parties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_billed_to_id_invoice_parties_id_fk" FOREIGN KEY ("billed_to_id") REFERENCES "public"."invoice_parties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_custom_field_values_key" ON "invoice_custom_field_values" USING btree ("tenant_id","invoice_id","field_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_custom_fields_name_key" ON "invoice_custom_fields" USING btree ("tenant_id","group_id",lower("field_name"));--> statement-breakpoint
CREATE INDEX "invoice_items_invoice_idx" ON "invoice_items" USING btree ("tenant_id","invoice_id","seq");--> statement-breakpoint
CREATE INDEX "invoice_parties_kind_idx" ON "invoice_parties" USING btree ("tenant_id","kind","name");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_tenant_number_key" ON "invoices" USING btree ("tenant_id",lower("invoice_number"));--> statement-breakpoint
CREATE INDEX "invoices_list_idx" ON "invoices" USING btree ("tenant_id","invoice_date","created_at");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("tenant_id","status","due_date");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "invoice_custom_field_values" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "invoice_custom_fields" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "invoice_items" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "invoice_parties" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "invoices" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());