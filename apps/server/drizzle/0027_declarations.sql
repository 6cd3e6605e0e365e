CREATE TABLE "tax_declaration_deductions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"declaration_id" uuid NOT NULL,
	"seq" smallint DEFAULT 0 NOT NULL,
	"category_id" smallint NOT NULL,
	"deduction_item_id" smallint NOT NULL,
	"declared_amount_paise" bigint DEFAULT 0 NOT NULL,
	"actual_amount_paise" bigint,
	"allowed_amount_paise" bigint,
	"is_poi_submitted" boolean DEFAULT false NOT NULL,
	"is_approved" boolean,
	CONSTRAINT "tax_declaration_deductions_amount_check" CHECK ("tax_declaration_deductions"."declared_amount_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tax_declaration_deductions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tax_declaration_home_loans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"declaration_id" uuid NOT NULL,
	"let_out_id" uuid,
	"principal_paid_paise" bigint DEFAULT 0 NOT NULL,
	"interest_paid_paise" bigint DEFAULT 0 NOT NULL,
	"actual_principal_paid_paise" bigint,
	"actual_interest_paid_paise" bigint,
	"allowed_principal_paid_paise" bigint,
	"allowed_interest_paid_paise" bigint,
	"lender_name" text,
	"lender_pan" text,
	"is_poi_submitted" boolean DEFAULT false NOT NULL,
	"is_approved" boolean
);
--> statement-breakpoint
ALTER TABLE "tax_declaration_home_loans" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tax_declaration_house_rents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"declaration_id" uuid NOT NULL,
	"seq" smallint DEFAULT 0 NOT NULL,
	"rental_period_start" date NOT NULL,
	"rental_period_end" date NOT NULL,
	"declared_amount_paise" bigint DEFAULT 0 NOT NULL,
	"actual_amount_paise" bigint,
	"allowed_amount_paise" bigint,
	"address" text,
	"landlord_name" text,
	"landlord_pan" text,
	"urbanization_type" text DEFAULT 'NonMetro' NOT NULL,
	"is_poi_submitted" boolean DEFAULT false NOT NULL,
	"is_approved" boolean,
	CONSTRAINT "tax_declaration_house_rents_period_check" CHECK ("tax_declaration_house_rents"."rental_period_start" <= "tax_declaration_house_rents"."rental_period_end")
);
--> statement-breakpoint
ALTER TABLE "tax_declaration_house_rents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tax_declaration_let_outs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"declaration_id" uuid NOT NULL,
	"seq" smallint DEFAULT 0 NOT NULL,
	"has_home_loan" boolean DEFAULT false NOT NULL,
	"annual_rent_received_paise" bigint DEFAULT 0 NOT NULL,
	"municipal_taxes_paid_paise" bigint DEFAULT 0 NOT NULL,
	"actual_annual_rent_received_paise" bigint,
	"actual_municipal_taxes_paid_paise" bigint,
	"allowed_annual_rent_received_paise" bigint,
	"allowed_municipal_taxes_paid_paise" bigint,
	"is_poi_submitted" boolean DEFAULT false NOT NULL,
	"is_approved" boolean
);
--> statement-breakpoint
ALTER TABLE "tax_declaration_let_outs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tax_declarations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"financial_year_start" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"regime" smallint DEFAULT 1 NOT NULL,
	"is_draft" boolean DEFAULT true NOT NULL,
	"is_submitted" boolean DEFAULT false NOT NULL,
	"is_rented_accommodation" boolean DEFAULT false NOT NULL,
	"is_let_out_property" boolean DEFAULT false NOT NULL,
	"has_loan_on_self_occupied_home" boolean DEFAULT false NOT NULL,
	"income_other_sources_paise" bigint DEFAULT 0 NOT NULL,
	"interest_from_savings_paise" bigint DEFAULT 0 NOT NULL,
	"interest_from_fd_paise" bigint DEFAULT 0 NOT NULL,
	"interest_from_nsc_paise" bigint DEFAULT 0 NOT NULL,
	"actual_income_other_sources_paise" bigint,
	"actual_interest_from_savings_paise" bigint,
	"actual_interest_from_fd_paise" bigint,
	"actual_interest_from_nsc_paise" bigint,
	"allowed_income_other_sources_paise" bigint,
	"allowed_interest_from_savings_paise" bigint,
	"allowed_interest_from_fd_paise" bigint,
	"allowed_interest_from_nsc_paise" bigint,
	"previous_employment_income_paise" bigint DEFAULT 0 NOT NULL,
	"previous_employment_tax_paid_paise" bigint DEFAULT 0 NOT NULL,
	"previous_employment_professional_tax_paise" bigint DEFAULT 0 NOT NULL,
	"previous_employment_epf_paise" bigint DEFAULT 0 NOT NULL,
	"previous_employment_leave_encashment_paise" bigint DEFAULT 0 NOT NULL,
	"actual_previous_employment_income_paise" bigint,
	"actual_previous_employment_tax_paid_paise" bigint,
	"actual_previous_employment_professional_tax_paise" bigint,
	"actual_previous_employment_epf_paise" bigint,
	"actual_previous_employment_leave_encashment_paise" bigint,
	"allowed_previous_employment_income_paise" bigint,
	"allowed_previous_employment_tax_paid_paise" bigint,
	"allowed_previous_employment_professional_tax_paise" bigint,
	"allowed_previous_employment_epf_paise" bigint,
	"allowed_previous_employment_leave_encashment_paise" bigint,
	"submitted_at" timestamp with time zone,
	"submitted_by" uuid,
	"status_changed_at" timestamp with time zone,
	"status_changed_by" uuid,
	"is_poi_form_submitted" boolean DEFAULT false NOT NULL,
	"poi_submitted_at" timestamp with time zone,
	"poi_status" smallint,
	"proofs_reviewed_at" timestamp with time zone,
	"proofs_reviewed_by" uuid,
	"regime_changed_at" timestamp with time zone,
	"regime_changed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_declarations_status_check" CHECK ("tax_declarations"."status" BETWEEN 0 AND 4),
	CONSTRAINT "tax_declarations_regime_check" CHECK ("tax_declarations"."regime" IN (0, 1)),
	CONSTRAINT "tax_declarations_poi_status_check" CHECK ("tax_declarations"."poi_status" IS NULL OR "tax_declarations"."poi_status" BETWEEN 1 AND 4)
);
--> statement-breakpoint
ALTER TABLE "tax_declarations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tax_declaration_deductions" ADD CONSTRAINT "tax_declaration_deductions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_declaration_deductions" ADD CONSTRAINT "tax_declaration_deductions_declaration_id_tax_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."tax_declarations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_declaration_home_loans" ADD CONSTRAINT "tax_declaration_home_loans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_declaration_home_loans" ADD CONSTRAINT "tax_declaration_home_loans_declaration_id_tax_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."tax_declarations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_declaration_home_loans" ADD CONSTRAINT "tax_declaration_home_loans_let_out_id_tax_declaration_let_outs_id_fk" FOREIGN KEY ("let_out_id") REFERENCES "public"."tax_declaration_let_outs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_declaration_house_rents" ADD CONSTRAINT "tax_declaration_house_rents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_declaration_house_rents" ADD CONSTRAINT "tax_declaration_house_rents_declaration_id_tax_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."tax_declarations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_declaration_let_outs" ADD CONSTRAINT "tax_declaration_let_outs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_declaration_let_outs" ADD CONSTRAINT "tax_declaration_let_outs_declaration_id_tax_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."tax_declarations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_declarations" ADD CONSTRAINT "tax_declarations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_declarations" ADD CONSTRAINT "tax_declarations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_declarations" ADD CONSTRAINT "tax_declarations_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_declarations" ADD CONSTRAINT "tax_declarations_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_declarations" ADD CONSTRAINT "tax_declarations_proofs_reviewed_by_users_id_fk" FOREIGN KEY ("proofs_reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_declarations" ADD CONSTRAINT "tax_declarations_regime_changed_by_users_id_fk" FOREIGN KEY ("regime_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_declaration_deductions_declaration_idx" ON "tax_declaration_deductions" USING btree ("declaration_id");--> statement-breakpoint
CREATE INDEX "tax_declaration_home_loans_declaration_idx" ON "tax_declaration_home_loans" USING btree ("declaration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_declaration_home_loans_let_out_key" ON "tax_declaration_home_loans" USING btree ("let_out_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_declaration_home_loans_self_occupied_key" ON "tax_declaration_home_loans" USING btree ("declaration_id") WHERE "tax_declaration_home_loans"."let_out_id" IS NULL;--> statement-breakpoint
CREATE INDEX "tax_declaration_house_rents_declaration_idx" ON "tax_declaration_house_rents" USING btree ("declaration_id");--> statement-breakpoint
CREATE INDEX "tax_declaration_let_outs_declaration_idx" ON "tax_declaration_let_outs" USING btree ("declaration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_declarations_tenant_user_year_key" ON "tax_declarations" USING btree ("tenant_id","user_id","financial_year_start");--> statement-breakpoint
CREATE INDEX "tax_declarations_tenant_year_status_idx" ON "tax_declarations" USING btree ("tenant_id","financial_year_start","status");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tax_declaration_deductions" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tax_declaration_home_loans" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tax_declaration_house_rents" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tax_declaration_let_outs" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tax_declarations" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());