// Rule guarded (#15): a form field's error is shown in the reader's language. A zod schema's message is a key of the
// validation namespace (lib/schemas/messages.ts), with values; FieldError translates it, and shows any other text
// (an API field error, already translated on the server) as it is.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { vmsg } from "@/lib/schemas/messages";
import { newPasswordSchema } from "@/lib/schemas/auth";
import { WithIntl } from "@/tests/support/intl.support";
import { FieldError } from "./field";

const render = (children: string, language: "en" | "ar" = "en") =>
  renderToStaticMarkup(
    <WithIntl language={language}>
      <FieldError id="e">{children}</FieldError>
    </WithIntl>,
  );

describe("FieldError", () => {
  it("shows a validation key in English and in Arabic", () => {
    expect(render(vmsg("password.mismatch"))).toContain("The passwords do not match.");
    expect(render(vmsg("password.mismatch"), "ar")).toContain("كلمتا المرور غير متطابقتين.");
  });

  it("fills in a key's values", () => {
    expect(render(vmsg("password.minLength", { min: 12 }))).toContain("Use at least 12 characters.");
    expect(render(vmsg("password.minLength", { min: 12 }), "ar")).toContain("استخدم 12 حرفًا على الأقل.");
  });

  it("shows a schema's own message (what the form's resolver gives) translated", () => {
    const r = newPasswordSchema.safeParse("short");
    const message = r.error!.issues[0]!.message;
    expect(render(message)).toContain("Use at least 12 characters.");
    expect(render(message, "ar")).not.toContain("Use at least");
  });

  it("shows any other text as it is (an API's field error, already in the reader's language)", () => {
    expect(render("Already a dashboard user.")).toContain("Already a dashboard user.");
    expect(render("هذا الاسم مستخدم.", "ar")).toContain("هذا الاسم مستخدم.");
    expect(render("Is this right?")).toContain("Is this right?");
    expect(render("no.such.key?x=1")).toContain("no.such.key?x=1");
  });
});
