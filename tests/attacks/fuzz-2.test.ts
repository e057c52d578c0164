import "./next-scope.support"; // first: Next's request scope needs the global AsyncLocalStorage before Next loads
// Hostile-input fuzz, part 2 of 2 (see fuzz-suite.ts): every other route handler of the route list.
import { describeFuzz } from "./fuzz-suite.support";

describeFuzz(1, 2);
