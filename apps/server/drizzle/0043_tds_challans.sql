CREATE TABLE "tds_challans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"bsr_code" text NOT NULL,
	"deposited_on" date NOT NULL,
	"serial_number" text NOT NULL,
	"minor_head" text NOT NULL,
	"tax_paise" bigint NOT NULL,
	"surcharge_paise" bigint NOT NULL,
	"cess_paise" bigint NOT NULL,
	"interest_paise" bigint NOT NULL,
	"fee_paise" bigint NOT NULL,
	"others_paise" bigint NOT NULL,
	"months" text[] NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tds_challans" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tds_challans" ADD CONSTRAINT "tds_challans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tds_challans" ADD CONSTRAINT "tds_challans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tds_challans_identity" ON "tds_challans" USING btree ("tenant_id","bsr_code","deposited_on","serial_number");--> statement-breakpoint
CREATE INDEX "tds_challans_tenant_deposited" ON "tds_challans" USING btree ("tenant_id","deposited_on");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tds_challans" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());