// Signing in through the real form, as the browser tests' users do.
import { expect, type Page } from "@playwright/test";
import { PASSWORD } from "./users";

export async function signInAs(page: Page, user: { email: string }) {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/overview$/);
}
