/**
 * Staff in a real Chromium against the shop's real HTTP app, at 1280 and 375 px: the owner
 * invites a packer from the Staff page; the invitation mail's link opens the welcome page,
 * where the packer sets a password; the packer signs in and finds no Promotions, Reports or
 * Staff, no price editing and no orders export; and an owner's call made from the packer's
 * session is refused by the shop (403). Screenshots under test-artifacts/admin/.
 */
import { eventually } from "../../../tests/support/eventually.ts";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { ARTIFACTS, logIn, withRig, withShop } from "../testing/browser_rig.ts";
import type { AdminShop } from "../testing/admin_shop.ts";
import { INVITATION_WORDS } from "../auth/ResetPasswordPage.tsx";

const PACKER = "packer@pothgula.lk";
const PACKER_PASSWORD = "packer's own secret";

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
}

/** The link of the invitation waiting in the outbox for `email`. */
async function invitationLink(shop: AdminShop, email: string): Promise<URL> {
  const mail = await eventually(() =>
    shop.outbox.queuedAccountMail()
      .filter((m) => m.kind === "staff_invitation" && m.payload.to === email).at(-1), {
    what: `the invitation for ${email}`,
  });
  return new URL(String(mail.payload.link));
}

Deno.test("the owner invites a packer, who sets a password and signs in as staff", async (t) => {
  await withRig(async (rig) => {
    for (const width of [1280, 375]) {
      await t.step(`at ${width}px`, async () => {
        await withShop(rig, () => {}, async (page, shop, url) => {
          await logIn(page, url);
          await page.getByRole("link", { name: "Staff", exact: true }).click();
          await page.waitForURL(`${url}/admin/staff`);
          await page.getByRole("heading", { name: "Invite an admin" }).waitFor();
          await page.getByLabel("E-mail").fill("not an address");
          await page.getByRole("button", { name: "Send invitation" }).click();
          await page.getByText("Enter the e-mail address to invite").waitFor();
          await page.getByLabel("E-mail").fill(PACKER);
          await page.getByRole("button", { name: "Send invitation" }).click();
          await page.getByText(`Invitation mailed to ${PACKER}`).waitFor();
          const row = page.getByRole("row").filter({ hasText: PACKER });
          await row.getByText("Invited: no password yet").waitFor();
          // Inviting the same address again is refused in the shop's words.
          await page.getByLabel("E-mail").fill(PACKER);
          await page.getByRole("button", { name: "Send invitation" }).click();
          await page.getByText("is already one of the shop's admins").waitFor();
          await shoot(page, `staff-page-${width}`);

          // The invitation's link, opened by the packer in a browser of their own.
          const link = await invitationLink(shop, PACKER);
          assert.equal(link.pathname, "/admin/invitation");
          await page.evaluate(() => localStorage.clear());
          await page.goto(`${url}${link.pathname}${link.search}`);
          await page.getByRole("heading", { name: INVITATION_WORDS.title }).waitFor();
          await page.getByLabel("New password").fill(PACKER_PASSWORD);
          await shoot(page, `staff-invitation-${width}`);
          await page.getByRole("button", { name: INVITATION_WORDS.button }).click();
          await page.getByRole("status").filter({ hasText: INVITATION_WORDS.done }).waitFor();

          await page.getByRole("link", { name: "Log in" }).click();
          await page.waitForURL(`${url}/admin`);
          await page.getByLabel("Email").fill(PACKER);
          await page.getByLabel("Password").fill(PACKER_PASSWORD);
          await page.getByRole("button", { name: "Login" }).click();
          await page.waitForURL(`${url}/admin/dashboard`);
          await page.getByText("Signed in as staff").waitFor();
          const tabs = await page.locator(".admin-tabs .tab").allTextContents();
          assert.deepEqual(tabs, ["Dashboard", "Orders", "Stock", "Catalogue"]);
          // The tables are there, without price inputs, Update or Delete, or the add forms.
          await page.getByRole("cell", { name: "Madol Doova" }).first().waitFor();
          assert.equal(await page.getByRole("spinbutton", { name: /^Price of/ }).count(), 0);
          assert.equal(await page.getByRole("button", { name: /^Update price of/ }).count(), 0);
          assert.equal(await page.getByRole("button", { name: /^Delete / }).count(), 0);
          assert.equal(await page.getByRole("heading", { name: /Add (a )?Book/i }).count(), 0);
          await shoot(page, `staff-dashboard-${width}`);
          // A product's page shows its stock trail and Adjust stock, not the edit form.
          await page.getByRole("link", { name: "Madol Doova" }).first().click();
          await page.getByText("Only the shop's owner edits a product and its price").waitFor();
          assert.equal(await page.getByRole("button", { name: "Save changes" }).count(), 0);
          await shoot(page, `staff-product-${width}`);
          await page.getByRole("link", { name: "Orders", exact: true }).click();
          await page.waitForURL(`${url}/admin/orders`);
          await page.getByRole("heading", { name: /Orders/ }).first().waitFor();
          assert.equal(await page.getByRole("button", { name: "Export CSV" }).count(), 0);
          // The catalogue's CSV is theirs to export, not to import.
          await page.getByRole("link", { name: "Catalogue", exact: true }).click();
          await page.getByRole("heading", { name: "CSV export", exact: true }).waitFor();
          await page.getByRole("button", { name: "Export books" }).waitFor();
          assert.equal(await page.getByRole("button", { name: "Import" }).count(), 0);
          // Typed into the address bar, an owner's page says whose it is.
          await page.goto(`${url}/admin/promotions`);
          await page.getByText("Only the shop's owner may open this page").waitFor();

          // From the packer's own session, an owner's call is refused by the shop itself.
          const answers = await page.evaluate(async () => {
            const token = localStorage.getItem("token");
            const call = async (path: string, init: RequestInit = {}) => {
              const response = await fetch(path, {
                ...init,
                headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
              });
              const body = await response.json().catch(() => null);
              return { status: response.status, message: body?.error?.message ?? null };
            };
            return {
              promotions: await call("/api/promotions"),
              price: await call("/api/books/price/1", {
                method: "PUT",
                body: JSON.stringify({ price: 1 }),
              }),
              staff: await call("/api/staff"),
              orders: await call("/api/orders"),
            };
          });
          assert.equal(answers.promotions.status, 403);
          assert.match(answers.promotions.message, /^Only the shop's owner may do this/);
          assert.equal(answers.price.status, 403);
          assert.equal(answers.staff.status, 403);
          assert.equal(answers.orders.status, 200, "staff process orders");
          const book = await (await shop.app.request(`/api/books/${shop.ids.book}`)).json();
          assert.equal(book.data.price, 950, "the price is as it was");
        }, { width });
      });
    }
  });
});
