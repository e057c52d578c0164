// Readable labels for permission names: `SAVED_CARDS_VIEW` → module "Saved cards", action "View".
import { moduleOf, type Permission } from "@/lib/permissions";

const sentence = (words: string) => {
  const s = words.replace(/_/g, " ").toLowerCase();
  return s.charAt(0).toUpperCase() + s.slice(1);
};

export const moduleLabel = (module: string) => sentence(module);
export const actionLabel = (permission: Permission) => sentence(permission.slice(moduleOf(permission).length + 1));
