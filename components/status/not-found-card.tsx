// What an unknown address shows: say so plainly and offer the way back (the Overview, or sign-in when signed out).
import { useTranslations } from "next-intl";
import { buttonClasses } from "@/components/ui/button-styles";
import { StatusCard } from "./status-card";

export function NotFoundCard({ signedIn, standalone = false }: { signedIn: boolean; standalone?: boolean }) {
  const t = useTranslations("status");
  return (
    <StatusCard
      eyebrow={t("notFound.eyebrow")}
      title={t("notFound.title")}
      standalone={standalone}
      actions={
        signedIn ? (
          <a href="/overview" className={buttonClasses()}>
            {t("notFound.backToOverview")}
          </a>
        ) : (
          <a href="/login" className={buttonClasses()}>
            {t("notFound.signIn")}
          </a>
        )
      }
    >
      <p>{t("notFound.text")}</p>
      <p>{signedIn ? t("notFound.againOverview") : t("notFound.againSignIn")}</p>
    </StatusCard>
  );
}
