// Deterministic seed data of the sandbox (fixed UUIDs and timestamps): roles, branches, partners, the business-unit
// hierarchy. The same after every restart and every reset, so tests and people can rely on it.
import { SANDBOX_DEFAULTS } from "./defaults";
import { isoNanos, stableUuid } from "./format";
import { SEED_ROLES } from "./permissions";
import type { Branch, Partner, Role, StateData } from "./types";

const SEED_TIME = Date.UTC(2025, 0, 1, 8, 0, 0);
const BU = SANDBOX_DEFAULTS.businessUnitId;

/** Ids of the seeded partners, for tests of `DELETE /api/v1/partner/{id}`. */
export const SEEDED_PARTNERS: readonly Partner[] = [
  { id: stableUuid("partner:gulf-payments"), name: "Gulf Payments Partner" },
  { id: stableUuid("partner:red-sea-commerce"), name: "Red Sea Commerce" },
  { id: stableUuid("partner:najd-retail"), name: "Najd Retail Group" },
];
export const SEEDED_PARTNER_IDS: readonly string[] = SEEDED_PARTNERS.map((p) => p.id);

// The sandbox's own seed roles (permissions.ts); the dashboard starts with the same local roles (a test compares them).
const ROLE_SEEDS: Array<[string, string, string[]]> = SEED_ROLES.map((r) => [r.name, r.description, [...r.permissions]]);

/** Ids of the seeded roles by name. */
export const SEEDED_ROLE_IDS: Readonly<Record<string, string>> = Object.fromEntries(
  ROLE_SEEDS.map(([name]) => [name, stableUuid(`role:${name}`)]),
);

function seedRoles(): Record<string, Role> {
  const roles: Record<string, Role> = {};
  for (const [name, description, permissions] of ROLE_SEEDS) {
    const id = SEEDED_ROLE_IDS[name]!;
    const ts = isoNanos(SEED_TIME);
    roles[id] = {
      id,
      name,
      description,
      businessUnitId: BU,
      permissions,
      createdBy: "sandbox-seed",
      updatedBy: "sandbox-seed",
      createdTimestamp: ts,
      updatedTimestamp: ts,
    };
  }
  return roles;
}

// [English name, Arabic name, city id, address]; several English names are themselves Arabic (the data has both).
const BRANCH_SEEDS: Array<[string, string, number, string]> = [
  ["Riyadh Olaya", "فرع العليا", 1, "Olaya Street, Riyadh"],
  ["فرع الرياض", "فرع الرياض", 1, "King Fahd Road, Riyadh"],
  ["Riyadh Malaz", "فرع الملز", 1, "Al Malaz, Riyadh"],
  ["Riyadh Diplomatic Quarter", "فرع الحي الدبلوماسي", 1, "Diplomatic Quarter, Riyadh"],
  ["Riyadh Airport", "فرع مطار الرياض", 1, "King Khalid International Airport"],
  ["Jeddah Corniche", "فرع كورنيش جدة", 2, "Corniche Road, Jeddah"],
  ["فرع جدة التحلية", "فرع جدة التحلية", 2, "Tahlia Street, Jeddah"],
  ["Jeddah Red Sea Mall", "فرع رد سي مول", 2, "King Abdulaziz Road, Jeddah"],
  ["Jeddah Al Balad", "فرع البلد", 2, "Al Balad, Jeddah"],
  ["Dammam Central", "فرع الدمام المركزي", 3, "King Saud Street, Dammam"],
  ["Dammam Port", "فرع ميناء الدمام", 3, "King Abdulaziz Port, Dammam"],
  ["Mecca Aziziyah", "فرع العزيزية", 4, "Al Aziziyah, Mecca"],
  ["فرع مكة", "فرع مكة", 4, "Ibrahim Al Khalil Street, Mecca"],
  ["Medina Quba", "فرع قباء", 5, "Quba Road, Medina"],
  ["Medina Central", "فرع المدينة المركزي", 5, "King Faisal Road, Medina"],
  ["Khobar Corniche", "فرع كورنيش الخبر", 6, "Corniche Road, Al Khobar"],
  ["Khobar Rakah", "فرع الراكة", 6, "Ar Rakah, Al Khobar"],
  ["Abha Downtown", "فرع أبها", 7, "King Khalid Road, Abha"],
  ["Tabuk Central", "فرع تبوك", 8, "Prince Fahd Road, Tabuk"],
  ["Taif Shafa", "فرع الشفا", 9, "Al Shafa Road, Taif"],
  ["Buraidah Market", "فرع سوق بريدة", 10, "King Abdulaziz Road, Buraidah"],
  ["Hail Central", "فرع حائل", 11, "King Abdulaziz Road, Hail"],
  ["Jazan Corniche", "فرع جازان", 12, "Corniche Road, Jazan"],
  ["Najran Central", "فرع نجران", 13, "King Abdulaziz Road, Najran"],
  ["Al Ula Heritage", "فرع العلا", 14, "Old Town, AlUla"],
];

/** Every sixth branch (indexes 4, 10, 16, 22) is inactive, so the `active` filter has something to do. */
function seedBranches(): Branch[] {
  return BRANCH_SEEDS.map(([name, nameAR, cityId, address], i) => ({
    id: stableUuid(`branch:${i}`),
    name,
    nameAR,
    businessUnitId: BU,
    address,
    countryCode: "682",
    cityId,
    active: i % 6 !== 4,
  }));
}

export const SEEDED_BRANCH_COUNT = BRANCH_SEEDS.length;

export interface BusinessUnitNode {
  businessUnitId: string;
  businessUnitName: string | null;
  businessUnitNameAr: string | null;
  businessUnitType: string | null;
  parent: BusinessUnitNode | null;
  children: null;
}

/** The merchant's place in the hierarchy, as transaction details report it (contract 2.9). */
export function businessUnitHierarchy(merchantName: string): BusinessUnitNode {
  return {
    businessUnitId: BU,
    businessUnitName: merchantName,
    businessUnitNameAr: "التاجر التجريبي",
    businessUnitType: "MERCHANT",
    children: null,
    parent: {
      businessUnitId: stableUuid("bu:partner"),
      businessUnitName: "Sandbox Partner",
      businessUnitNameAr: "الشريك التجريبي",
      businessUnitType: "PARTNER",
      children: null,
      parent: {
        businessUnitId: stableUuid("bu:root"),
        businessUnitName: "Sandbox Gateway",
        businessUnitNameAr: null,
        businessUnitType: "SUPER_ADMIN",
        children: null,
        parent: null,
      },
    },
  };
}

export function seedState(): StateData {
  return {
    version: 1,
    payments: {},
    savedCards: [],
    nextSavedCardId: 1,
    recurringTokens: {},
    sessions: {},
    roles: seedRoles(),
    users: {},
    branches: seedBranches(),
    partners: Object.fromEntries(SEEDED_PARTNERS.map((p) => [p.id, { ...p }])),
    declineNext: {},
    challengeMode: "normal",
  };
}
