-- Settlement reconciliation: the acquirers' file layouts finance mapped, the settlement files imported (each once: its
-- SHA-256 is unique) and their lines, typed and as written. Financial records, kept with the ledger.
CREATE TABLE "settlement_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"filename" text NOT NULL,
	"format" text NOT NULL,
	"sha256" text NOT NULL,
	"bytes" bigint NOT NULL,
	"layout_id" uuid,
	"layout" jsonb NOT NULL,
	"line_count" integer NOT NULL,
	"imported_by" uuid,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_files_format_check" CHECK ("settlement_files"."format" in ('csv', 'xlsx'))
);
--> statement-breakpoint
CREATE TABLE "settlement_layouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"layout" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"transaction_at" timestamp with time zone NOT NULL,
	"settlement_date" date,
	"currency" text NOT NULL,
	"gross_minor" bigint NOT NULL,
	"fee_minor" bigint,
	"vat_minor" bigint,
	"net_minor" bigint,
	"rrn" text,
	"gateway_id" text,
	"card_last4" text,
	"card_brand" text,
	"terminal_id" text,
	"auth_code" text,
	"batch_ref" text,
	"raw" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settlement_files" ADD CONSTRAINT "settlement_files_layout_id_settlement_layouts_id_fk" FOREIGN KEY ("layout_id") REFERENCES "public"."settlement_layouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_files" ADD CONSTRAINT "settlement_files_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_layouts" ADD CONSTRAINT "settlement_layouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_file_id_settlement_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."settlement_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_files_sha256_unique" ON "settlement_files" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "settlement_files_imported_idx" ON "settlement_files" USING btree ("imported_at");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_layouts_name_unique" ON "settlement_layouts" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_lines_file_line_unique" ON "settlement_lines" USING btree ("file_id","line");--> statement-breakpoint
CREATE INDEX "settlement_lines_rrn_idx" ON "settlement_lines" USING btree ("rrn");--> statement-breakpoint
CREATE INDEX "settlement_lines_gateway_id_idx" ON "settlement_lines" USING btree ("gateway_id");--> statement-breakpoint
CREATE INDEX "settlement_lines_batch_idx" ON "settlement_lines" USING btree ("batch_ref");--> statement-breakpoint
CREATE INDEX "settlement_lines_transaction_idx" ON "settlement_lines" USING btree ("transaction_at");