// A react-hook-form resolver that loads zod, the resolver and the form's schema on the first validation instead of
// with the page: zod is ~44 KB gzipped, more than a page's whole JavaScript budget over an empty Next.js page
// (DESIGN.md budgets). The schema is still the one the route handler parses (DESIGN rule 4); only when it is
// downloaded changes. The modules are fetched once per page and shared by every form that needs them.
import type { FieldValues, Resolver } from "react-hook-form";
import type { ZodType } from "zod";

type Schema<In, Out> = ZodType<Out, In>;

export function lazyZodResolver<In extends FieldValues, Out = In>(load: () => Promise<Schema<In, Out>>): Resolver<In, unknown, Out> {
  let ready: Promise<Resolver<In, unknown, Out>> | null = null;
  return (values, context, options) => {
    ready ??= Promise.all([import("@hookform/resolvers/zod"), load()]).then(
      // The resolver's overloads cannot be matched from a generic schema type; its result is this form's resolver.
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<In, unknown, Out>,
    );
    return ready.then((resolve) => resolve(values, context, options));
  };
}
