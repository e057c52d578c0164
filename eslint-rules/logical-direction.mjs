// local/logical-direction: layout uses logical utilities only (ms-/me-/ps-/pe-/start-/end-/text-start/…), so the same
// markup works right-to-left (DESIGN rule 11). Reports a physical one (ml-4, pr-2, left-0, text-right, border-l,
// rounded-tr, float-left, bg-linear-to-r, …) in any string of a page or component, whatever its variants
// (md:, hover:, -, !). Where a physical side is meant (a chart's axis, a shadow), disable it for the line and say why.
const PHYSICAL = [
  /^-?m[lr]-/,
  /^-?p[lr]-/,
  /^-?(left|right)-/,
  /^-?scroll-[mp][lr]-/,
  /^text-(left|right)$/,
  /^float-(left|right)$/,
  /^clear-(left|right)$/,
  /^border-[lr](-|$)/,
  /^rounded-([lr]|[tb][lr])(-|$)/,
  /^origin-(top-|bottom-)?(left|right)$/,
  /^bg-(linear|gradient)-to-(l|r|tl|tr|bl|br)$/,
  /^divide-[lr]/,
];

/** The physical utilities in a class string ("md:ml-4 hover:pr-2" → ["md:ml-4", "hover:pr-2"]). */
export function physicalClasses(text) {
  return text.split(/\s+/).filter((token) => {
    const utility = token.split(":").pop()?.replace(/^!/, "") ?? "";
    return PHYSICAL.some((re) => re.test(utility));
  });
}

export const logicalDirection = {
  meta: {
    type: "problem",
    docs: { description: "Logical direction utilities only, so right-to-left needs no special case." },
    schema: [],
    messages: {
      physical:
        "Physical direction utility {{classes}}: use the logical one (ms-/me-/ps-/pe-/start-/end-/text-start/text-end/border-s/rounded-s…).",
    },
  },
  create(context) {
    const check = (node, text) => {
      const found = physicalClasses(text);
      if (found.length) context.report({ node, messageId: "physical", data: { classes: found.join(", ") } });
    };
    return {
      Literal(node) {
        if (typeof node.value === "string") check(node, node.value);
      },
      TemplateElement(node) {
        check(node, node.value.cooked ?? "");
      },
    };
  },
};
