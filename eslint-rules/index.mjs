// The project's own lint rules (plugin "local"), proved by tests/lint/i18n-rules.test.ts.
import { logicalDirection } from "./logical-direction.mjs";
import { noUiLiterals } from "./no-ui-literals.mjs";

const local = {
  meta: { name: "local" },
  rules: { "no-ui-literals": noUiLiterals, "logical-direction": logicalDirection },
};

export default local;
