// next-intl's keys are typed from the English catalog: t("a.missing.key") fails the type check.
import type { Messages } from "./messages";

declare module "next-intl" {
  interface AppConfig {
    Messages: Messages;
  }
}
