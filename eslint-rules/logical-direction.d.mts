import type { Rule } from "eslint";

export function physicalClasses(text: string): string[];
export const logicalDirection: Rule.RuleModule;
