ALTER TABLE "roles" ADD COLUMN "gateway_role_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "roles_gateway_id_unique" ON "roles" USING btree ("gateway_role_id");