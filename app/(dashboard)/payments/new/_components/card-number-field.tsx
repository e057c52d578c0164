"use client";
// The card number as staff read it back to the customer: digits grouped as typed (fours; American Express 4-6-5)
// with the caret kept after the same digit, and the brand the number tells shown in the field (mada once six
// digits match its BIN list, which is loaded only then). The value stays in the form only (see the form's header).
import { useTranslations } from "next-intl";
import { useEffect, useState, type ChangeEvent } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { brandLabel } from "@/lib/card-label";
import { caretAfterDigits, cardBrandOf, groupCardNumber } from "@/lib/card-number";

type MadaCheck = (digits: string) => boolean;
let madaCheck: Promise<MadaCheck> | null = null;
const loadMadaCheck = () => (madaCheck ??= import("@/lib/mada-bins").then((m) => m.isMadaBin));

const ID = "card-number";

export function CardNumberField({ field, value, error }: { field: UseFormRegisterReturn<"cardNumber">; value: string; error?: string }) {
  const t = useTranslations("newPayment.form");
  const digits = value.replace(/\D/g, "");
  const [isMada, setIsMada] = useState<MadaCheck | null>(null);
  const hasBin = digits.length >= 6;
  useEffect(() => {
    if (hasBin && !isMada) void loadMadaCheck().then((check) => setIsMada(() => check));
  }, [hasBin, isMada]);
  const brand = brandLabel(isMada?.(digits) ? "MADA" : cardBrandOf(digits));

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const el = e.target;
    const digitsBeforeCaret = el.value.slice(0, el.selectionStart ?? el.value.length).replace(/\D/g, "").length;
    const grouped = groupCardNumber(el.value);
    if (grouped !== el.value) {
      el.value = grouped;
      const at = caretAfterDigits(grouped, digitsBeforeCaret);
      el.setSelectionRange(at, at);
    }
    return field.onChange(e);
  };

  return (
    <Field id={ID} label={t("cardNumber")} required error={error} wrapperClassName="sm:col-span-4">
      {/* Left to right as a whole, in Arabic too: the number is always written that way, and the badge must sit on
          the side its padding is reserved (the input's end); in a right-to-left page it covered the first four digits. */}
      <div className="relative" dir="ltr">
        <Input
          {...field}
          onChange={onChange}
          id={ID}
          required
          autoComplete="off"
          inputMode="numeric"
          dir="ltr"
          maxLength={23}
          placeholder="1234 5678 9012 3456"
          className="pe-40 font-mono tracking-wide"
          {...fieldAria(ID, { error: !!error, describedBy: brand ? `${ID}-brand` : undefined })}
        />
        {brand && (
          <span
            id={`${ID}-brand`}
            className="absolute end-2 top-1/2 -translate-y-1/2 rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700"
          >
            {brand}
          </span>
        )}
      </div>
    </Field>
  );
}
