CREATE TABLE "statutory_components" (
	"tenant_id" uuid NOT NULL,
	"component" text NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statutory_components_tenant_id_component_pk" PRIMARY KEY("tenant_id","component")
);
--> statement-breakpoint
CREATE TABLE "tenant_deductions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"deduction_name" text NOT NULL,
	"description" text,
	"is_recurring" boolean DEFAULT true NOT NULL,
	"deduction_type" smallint NOT NULL,
	"pre_tax_deduction_section" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_earnings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"earning_name" text NOT NULL,
	"name_in_payslip" text NOT NULL,
	"code" text NOT NULL,
	"earning_category" text DEFAULT 'other' NOT NULL,
	"calculation_type" smallint NOT NULL,
	"calculation_value" text NOT NULL,
	"is_fixed_pay" boolean DEFAULT true NOT NULL,
	"is_part_of_salary_structure" boolean DEFAULT true NOT NULL,
	"is_taxable_earning" boolean DEFAULT true NOT NULL,
	"is_pro_rate_basis" boolean DEFAULT true NOT NULL,
	"epf_contribution_type" smallint DEFAULT 0 NOT NULL,
	"is_considered_for_esi" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_deductions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"tenant_deduction_id" uuid NOT NULL,
	"annual_paise" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"document_type" smallint NOT NULL,
	"file_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_earnings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"tenant_earning_id" uuid NOT NULL,
	"calculation_type" smallint NOT NULL,
	"calculation_value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_field_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_field_id" uuid NOT NULL,
	"label" text NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_field_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"user_field_id" uuid NOT NULL,
	"option_id" uuid,
	"field_value" text
);
--> statement-breakpoint
CREATE TABLE "user_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "personal_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "emergency_contact" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "marital_status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "marriage_date" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "spouse_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blood_group" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "experience" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "date_of_confirmation" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "esi_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pf_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "uan" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bank_account_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ifsc_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "account_holder_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "force_esi_calc" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "annual_ctc_paise" bigint;--> statement-breakpoint
ALTER TABLE "statutory_components" ADD CONSTRAINT "statutory_components_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_deductions" ADD CONSTRAINT "tenant_deductions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_earnings" ADD CONSTRAINT "tenant_earnings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_deductions" ADD CONSTRAINT "user_deductions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_deductions" ADD CONSTRAINT "user_deductions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_deductions" ADD CONSTRAINT "user_deductions_tenant_deduction_id_tenant_deductions_id_fk" FOREIGN KEY ("tenant_deduction_id") REFERENCES "public"."tenant_deductions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_documents" ADD CONSTRAINT "user_documents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_documents" ADD CONSTRAINT "user_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_documents" ADD CONSTRAINT "user_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_documents" ADD CONSTRAINT "user_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_earnings" ADD CONSTRAINT "user_earnings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_earnings" ADD CONSTRAINT "user_earnings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_earnings" ADD CONSTRAINT "user_earnings_tenant_earning_id_tenant_earnings_id_fk" FOREIGN KEY ("tenant_earning_id") REFERENCES "public"."tenant_earnings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_field_options" ADD CONSTRAINT "user_field_options_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_field_options" ADD CONSTRAINT "user_field_options_user_field_id_user_fields_id_fk" FOREIGN KEY ("user_field_id") REFERENCES "public"."user_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_field_values" ADD CONSTRAINT "user_field_values_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_field_values" ADD CONSTRAINT "user_field_values_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_field_values" ADD CONSTRAINT "user_field_values_user_field_id_user_fields_id_fk" FOREIGN KEY ("user_field_id") REFERENCES "public"."user_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_field_values" ADD CONSTRAINT "user_field_values_option_id_user_field_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."user_field_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_fields" ADD CONSTRAINT "user_fields_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_deductions_tenant_name_key" ON "tenant_deductions" USING btree ("tenant_id","deduction_name");--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_earnings_tenant_code_key" ON "tenant_earnings" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "user_deductions_user_deduction_key" ON "user_deductions" USING btree ("user_id","tenant_deduction_id");--> statement-breakpoint
CREATE INDEX "user_documents_user_idx" ON "user_documents" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_earnings_user_earning_key" ON "user_earnings" USING btree ("user_id","tenant_earning_id");--> statement-breakpoint
CREATE INDEX "user_field_options_field_idx" ON "user_field_options" USING btree ("user_field_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_field_values_user_field_key" ON "user_field_values" USING btree ("user_id","user_field_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_fields_tenant_name_key" ON "user_fields" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "users_tenant_status_name_idx" ON "users" USING btree ("tenant_id","status","first_name","last_name");--> statement-breakpoint
CREATE INDEX "users_tenant_status_joining_idx" ON "users" USING btree ("tenant_id","status","date_of_joining");