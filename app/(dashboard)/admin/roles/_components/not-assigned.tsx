// The permissions a save asked for that the gateway silently did not assign (contract 4.13: ignored, no error).
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";

export function NotAssigned({ names }: { names: string[] }) {
  const t = useTranslations("roles.form");
  return (
    <Alert tone="warning" title={t("notAssignedTitle")}>
      {t.rich("notAssigned", {
        names: () =>
          names.map((n, i) => (
            <span key={n}>
              {i > 0 && ", "}
              <code dir="ltr" className="font-mono text-xs">
                {n}
              </code>
            </span>
          )),
      })}
    </Alert>
  );
}
