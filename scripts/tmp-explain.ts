import { sql } from "drizzle-orm";
import { openFreshDatabase } from "./lib/bench-database";
import { rawRows } from "../server/db/raw-rows";
const { database, cleanup } = await openFreshDatabase("explain");
await database.db.execute(sql`insert into payments (order_id, gateway_id, kind, status, currency, amount_minor, payer_name, payer_email, payer_phone, card_last4, rrn, created_at)
 select 'ORD-' || lpad(g::text, 8, '0'), 'gw-' || g, (array['s2s_sale','sale','recurring','payment_link'])[1 + g % 4], 'captured', 'SAR', 100+g, 'Noura ' || g, 'customer' || (g%20000) || '@example.com', '+9665' || lpad((g%20000)::text, 8, '0'), lpad((g % 10000)::text, 4, '0'), lpad(g::text, 12, '6'), now() - g * interval '1 minute' from generate_series(1, 100000) g`);
await database.db.execute(sql`analyze payments`);
const [r] = rawRows<{ id: string }>(await database.db.execute(sql`select id::text as id from payments limit 1`));
const u = r!.id;
const q = sql.raw(`explain analyze select id from payments where ((id = '${u}' or gateway_id = '${u}') or order_id = '${u}' or gateway_id = '${u}' or order_id ilike '%${u}%' or lower(payer_email) like '%${u}%' or search_fold(payer_name) like '%${u}%') and kind <> 'payment_link' order by created_at desc, id desc limit 6`);
for (const row of rawRows<Record<string, string>>(await database.db.execute(q))) console.log(Object.values(row)[0]);
await cleanup();
