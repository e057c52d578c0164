// Rules guarded (#15): the Arabic catalog has every key of the English one and no other, each message keeps the same
// placeholders (a translated sentence that dropped {amount} would show less than the English), every message is valid
// ICU syntax and not empty, and every namespace file is listed in messages/index.ts (a file nobody loads is a string
// nobody sees).
import fs from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { catalogs, NAMESPACES } from "@/messages";

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(at, value);
    else for (const [k, v] of leaves(value, at)) out.set(k, v);
  }
  return out;
}

/** The argument names a message uses, with their kinds ("amount", "count:plural"), nested ones included. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.argument) into.add(el.value);
    else if (el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) into.add(`${el.value}:${TYPE[el.type]}`);
    else if (el.type === TYPE.plural || el.type === TYPE.select) {
      into.add(`${el.value}:${TYPE[el.type]}`);
      for (const option of Object.values(el.options)) argumentsOf(option.value, into);
    } else if (el.type === TYPE.tag) {
      into.add(`<${el.value}>`);
      argumentsOf(el.children, into);
    }
  }
  return into;
}

const en = catalogs.en as unknown as Record<string, Tree>;
const ar = catalogs.ar as unknown as Record<string, Tree>;

describe("message catalogs", () => {
  it("lists every namespace file of every language in messages/index.ts", () => {
    for (const language of ["en", "ar"]) {
      const files = fs
        .readdirSync(path.join(__dirname, "../../messages", language))
        .filter((f) => f.endsWith(".json"))
        .map((f) => f.replace(/\.json$/, ""))
        .sort();
      expect(files).toEqual([...NAMESPACES].sort());
    }
  });

  describe.each(NAMESPACES.map((ns) => [ns]))("%s", (ns) => {
    const english = leaves(en[ns] ?? {});
    const arabic = leaves(ar[ns] ?? {});

    it("Arabic has exactly the English keys", () => {
      expect([...arabic.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it("each message is valid ICU, not empty, with the same placeholders in both languages", () => {
      for (const [key, text] of english) {
        expect(text.trim(), `en ${ns}.${key}`).not.toBe("");
        const other = arabic.get(key);
        if (other === undefined) continue; // reported above
        expect(other.trim(), `ar ${ns}.${key}`).not.toBe("");
        const enArgs = argumentsOf(parse(text));
        const arArgs = argumentsOf(parse(other));
        expect([...arArgs].sort(), `placeholders of ${ns}.${key}`).toEqual([...enArgs].sort());
      }
    });
  });
});
