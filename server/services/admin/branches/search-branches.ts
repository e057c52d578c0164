// Branch search at the gateway (contract 4.15): one page of the merchant's branches by name and active state.
// Read-only, so no audit row. Country codes become names here (server-side), cities their names where known. Page number and page size are always sent (the gateway requires both). A refusal
// for the API key's access level (contract 5.3: BRANCH keys may not search branches) is said plainly.
import "server-only";
import { activeFilterOf, type BranchSearchPage, type BranchSearchQuery, type BranchView } from "@/lib/schemas/admin-branches";
import type { Branch } from "../../../gateway/client";
import { AppError } from "../../../errors";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { requirePermission } from "../../require-permission";
import { accessLevelMessage, isAccessLevelRefusal } from "./access-level";
import { countryName } from "./country-names";
import type { Language } from "@/lib/i18n/languages";

/** A city name, should the gateway's (loose) branch record carry one; the contract has `cityId` only. */
function cityNameOf(b: Branch): string | null {
  const v = (b as Record<string, unknown>).cityName;
  return typeof v === "string" && v.trim() ? v.trim() : null;
}

function viewOf(b: Branch, language: Language): BranchView {
  return {
    id: b.id,
    name: b.name,
    nameAR: b.nameAR ?? null,
    businessUnitId: b.businessUnitId ?? null,
    address: b.address ?? null,
    cityId: b.cityId ?? null,
    // The contract's branch carries a city id only; a name is used if the gateway ever sends one.
    cityName: cityNameOf(b),
    countryCode: b.countryCode ?? null,
    countryName: countryName(b.countryCode, language),
    active: b.active,
  };
}

export async function searchBranches(
  ctx: ServiceContext<Pick<ServiceDeps, "gateway">>,
  query: BranchSearchQuery,
  /** The reader's language, for the country names. */
  language: Language = "en",
): Promise<BranchSearchPage> {
  const { deps, principal } = ctx;
  requirePermission(principal, "BRANCHES_VIEW");
  const r = await deps.gateway.searchBranches({
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    text: query.text,
    active: activeFilterOf(query.status),
  });
  switch (r.kind) {
    case "success": {
      // The page fields are optional in the contract's samples: fall back on what was asked and what came back.
      const { content, number, size, totalElements, totalPages } = r.data;
      const pageSize = size ?? query.pageSize;
      const total = totalElements ?? content.length;
      return {
        items: content.map((b) => viewOf(b, language)),
        pageNumber: number ?? query.pageNumber,
        pageSize,
        totalElements: total,
        totalPages: totalPages ?? Math.ceil(total / pageSize),
      };
    }
    case "transport":
      throw new AppError("gateway_unavailable", "branches.gatewayNotAnswering");
    case "gateway_error":
      if (isAccessLevelRefusal(r)) throw new AppError("gateway_error", accessLevelMessage(r, "search branches"));
      throw new AppError("gateway_error", ["branches.refused", { reason: r.message }]);
    case "declined":
      throw new AppError("gateway_error", ["branches.refused", { reason: r.declineReason }]);
  }
}
