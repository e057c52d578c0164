// local/no-ui-literals: a string a person reads must come from the message catalogs (DESIGN rule 11), not from a
// literal in a page or component. Reports:
// - JSX text with a letter in it (`<h1>Refunds</h1>`), and string literals or templates rendered as children
//   (`{"Refunds"}`, {ok ? "Yes" : "No"}, {`${n} rows`});
// - text-bearing attributes (`title`, `placeholder`, `aria-label`, `label`, `…Label`, `…Text`, …) given a literal;
// - object properties with a text-bearing key (`{ label: "Amount" }`, metadata's `title`);
// - any other string literal that reads like a sentence ("You have signed out.").
// Where a literal is right (a brand name, a format sample), disable the rule for that line with a comment saying why.
const TEXT_ATTRIBUTES = new Set([
  "title",
  "placeholder",
  "alt",
  "label",
  "description",
  "hint",
  "heading",
  "caption",
  "summary",
  "legend",
  "tooltip",
  "subtitle",
  "message",
  "text",
  "notice",
  "reason",
  "aria-label",
  "aria-description",
  "aria-placeholder",
  "aria-roledescription",
  "aria-valuetext",
]);
const TEXT_SUFFIX = /(Label|Text|Title|Message|Description|Hint|Heading|Caption|Placeholder|Notice|Reason|Summary)$/;
const LETTER = /\p{L}/u;
// "You have signed out.", "Sign in", "No payments yet": a capitalised word followed by another word.
const SENTENCE = /^\s*\p{Lu}\p{Ll}+[,:]?\s+\p{L}/u;
// Calls whose string arguments are not shown to people (class names, keys, logs, URLs, test ids).
const EXEMPT_CALLEES = new Set([
  "t",
  "cx",
  "clsx",
  "has",
  "rich",
  "markup",
  "raw",
  "getTranslations",
  "useTranslations",
  "require",
  "fetch",
  "apiFetch",
  "URL",
  "URLSearchParams",
  "Error",
  "TypeError",
  "RangeError",
  "redirect",
  "notFound",
  "permanentRedirect",
  "log",
  "warn",
  "error",
  "info",
  "debug",
  "getByTestId",
  "querySelector",
  "querySelectorAll",
  "matchMedia",
  "addEventListener",
  "removeEventListener",
  "setItem",
  "getItem",
  "get",
  "set",
  "append",
  "delete",
  "startsWith",
  "endsWith",
  "includes",
  "split",
  "replace",
  "replaceAll",
  "join",
  "padStart",
  "padEnd",
  "localeCompare",
]);
const NON_TEXT_ATTRIBUTES =
  /^(className|class|href|src|id|key|name|type|role|dir|lang|rel|target|method|action|as|value|defaultValue|htmlFor|form|inputMode|autoComplete|pattern|accept|sizes|media|d|viewBox|fill|stroke|xmlns|points|transform|style|tabIndex|data-.*|aria-(?!label|description|placeholder|roledescription|valuetext).*|on[A-Z].*|variant|tone|size|kind|mode|align|side|scope|sandbox|allow|referrerPolicy|loading|decoding|fetchPriority|encType|capture|wrap|spellCheck|translate|enterKeyHint|autoCapitalize|list|headers|step|min|max|minLength|maxLength|cols|rows|colSpan|rowSpan|width|height|x|y|x1|x2|y1|y2|cx|cy|r|rx|ry|textAnchor|dominantBaseline|strokeWidth|strokeLinecap|strokeLinejoin|fillRule|clipRule|opacity|gradientUnits|offset|stopColor|prefetch|scroll|replace|namespaces|icon|status|color|preserveAspectRatio|dateTime|datetime|content|property|charSet|httpEquiv|crossOrigin|integrity|nonce|frameBorder|allowFullScreen|srcDoc|download|ping|hrefLang|span|start|reversed|open|hidden|disabled|checked|selected|multiple|required|readOnly|autoFocus|noValidate|draggable|contentEditable|suppressHydrationWarning|suppressContentEditableWarning)$/;

function calleeName(node) {
  if (!node) return null;
  if (node.type === "Identifier") return node.name;
  if (node.type === "MemberExpression" && !node.computed && node.property.type === "Identifier") return node.property.name;
  return null;
}

function hasLetter(value) {
  return typeof value === "string" && LETTER.test(value);
}

function templateText(node) {
  return node.quasis.map((q) => q.value.cooked ?? "").join(" ");
}

/** The nearest ancestor that decides whether a literal is shown: JSX child, attribute, property, call, or none. */
function contextOf(node) {
  let child = node;
  let parent = node.parent;
  while (parent) {
    switch (parent.type) {
      case "ConditionalExpression":
        if (parent.test === child) return { kind: "other" };
        break;
      case "LogicalExpression":
      case "TSAsExpression":
      case "TSSatisfiesExpression":
      case "ParenthesizedExpression":
        break;
      case "JSXExpressionContainer":
        if (parent.parent?.type === "JSXAttribute") return { kind: "attribute", attribute: parent.parent };
        return { kind: "child" };
      case "JSXAttribute":
        return { kind: "attribute", attribute: parent };
      case "Property":
        if (parent.key === child) return { kind: "key" };
        return { kind: "property", property: parent };
      case "CallExpression":
      case "NewExpression":
        return { kind: "call", name: calleeName(parent.callee) };
      case "TaggedTemplateExpression":
        return { kind: "call", name: calleeName(parent.tag) };
      case "ImportDeclaration":
      case "ExportNamedDeclaration":
      case "ExportAllDeclaration":
      case "ImportExpression":
      case "TSLiteralType":
      case "TSEnumMember":
      case "BinaryExpression":
      case "SwitchCase":
      case "MemberExpression":
        return { kind: "other" };
      default:
        return { kind: "free" };
    }
    child = parent;
    parent = parent.parent;
  }
  return { kind: "free" };
}

function attributeName(attribute) {
  const n = attribute.name;
  return n.type === "JSXNamespacedName" ? `${n.namespace.name}:${n.name.name}` : n.name;
}

function propertyName(property) {
  if (property.key.type === "Identifier") return property.key.name;
  if (property.key.type === "Literal") return String(property.key.value);
  return null;
}

function isTextName(name) {
  return !!name && (TEXT_ATTRIBUTES.has(name) || TEXT_SUFFIX.test(name));
}

/** Whether a string in this context is text for people. */
function isShown(text, ctx) {
  if (!hasLetter(text)) return false;
  switch (ctx.kind) {
    case "child":
      return true;
    case "attribute": {
      const name = attributeName(ctx.attribute);
      if (isTextName(name)) return true;
      if (NON_TEXT_ATTRIBUTES.test(name)) return false;
      return SENTENCE.test(text);
    }
    case "property":
      return isTextName(propertyName(ctx.property)) || SENTENCE.test(text);
    case "call":
      return !EXEMPT_CALLEES.has(ctx.name ?? "") && SENTENCE.test(text);
    case "free":
      return SENTENCE.test(text);
    default:
      return false;
  }
}

const MESSAGE = 'Text people read comes from the message catalogs (t("…")), not a literal: {{text}}';

export const noUiLiterals = {
  meta: {
    type: "problem",
    docs: { description: "Every string a person sees comes from the message catalogs (DESIGN rule 11)." },
    schema: [],
    messages: { literal: MESSAGE },
  },
  create(context) {
    const report = (node, text) => context.report({ node, messageId: "literal", data: { text: JSON.stringify(text.trim().slice(0, 40)) } });
    return {
      JSXText(node) {
        if (hasLetter(node.value)) report(node, node.value);
      },
      Literal(node) {
        if (typeof node.value !== "string") return;
        if (node.parent?.type === "ExpressionStatement" && node.parent.directive) return;
        if (node.parent?.type === "JSXAttribute") {
          if (isShown(node.value, { kind: "attribute", attribute: node.parent })) report(node, node.value);
          return;
        }
        if (isShown(node.value, contextOf(node))) report(node, node.value);
      },
      TemplateLiteral(node) {
        if (node.parent?.type === "TaggedTemplateExpression") return;
        const text = templateText(node);
        if (isShown(text, contextOf(node))) report(node, text);
      },
    };
  },
};
