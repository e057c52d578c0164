// The currency choices of every currency select (filters, reports, new payments and links): the codes of
// lib/currency-codes.ts in their order, with an optional first "any" choice whose words the filter decides.
import { CURRENCY_CODES } from "@/lib/currency-codes";

export function CurrencyOptions({ anyLabel }: { anyLabel?: string }) {
  return (
    <>
      {anyLabel !== undefined && <option value="">{anyLabel}</option>}
      {CURRENCY_CODES.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </>
  );
}
