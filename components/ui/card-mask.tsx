// A card as every screen shows it: "VISA •••• 1111" (lib/card-label.ts), isolated left-to-right so the mask
// never reorders inside right-to-left text. Renders nothing (or `fallback`) when the ledger has no last four.
import { cardLabel, type CardParts } from "@/lib/card-label";

export function CardMask({ card, withBin = false, fallback = null }: { card: CardParts; withBin?: boolean; fallback?: React.ReactNode }) {
  const label = cardLabel(card, { withBin });
  if (!label) return <>{fallback}</>;
  return (
    <bdi dir="ltr" className="whitespace-nowrap">
      {label}
    </bdi>
  );
}
