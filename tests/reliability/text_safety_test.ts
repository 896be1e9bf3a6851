/**
 * Text is text everywhere: a title full of HTML and script is shown, never run, on the
 * pages, in the admin API, in mail and on the PDF slip; SQL metacharacters in every text
 * field are stored and given back exactly as typed.
 */
import assert from "node:assert/strict";
import { extractText } from "unpdf";
import { checkoutMessage, completionMessage } from "../../adapters/mail/testing/sample_mails.ts";
import { TINY_PNG } from "../../http/uploads/testing/images.ts";
import { destination, realApp, shopInfo } from "./support/real_app.ts";
import { isbn13, orderBody } from "./support/shop_api.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };
const HOSTILE = `<script>alert("t")</script><img src=x onerror=alert(1)> & "quotes" 'too'`;

Deno.test({
  name:
    "a title full of HTML and script shows as text on pages, in the API, in mail and on the slip",
  ...sanitize,
  async fn() {
    const r = await realApp({ title: HOSTILE });
    try {
      for (const path of ["/", `/books/${r.book.id}`, `/?q=${encodeURIComponent("<script>")}`]) {
        const response = await r.app.request(path);
        assert.equal(response.status, 200, path);
        const html = await response.text();
        assert.ok(!html.includes("<script>alert("), `${path} carries a live script`);
        assert.ok(!html.includes("<img src=x"), `${path} carries a live image tag`);
        assert.ok(html.includes("&lt;script&gt;alert("), `${path} shows the title as text`);
      }
      const api = await (await r.app.request(`/api/books/${r.book.id}`)).json();
      assert.equal(api.data.title, HOSTILE);

      const where = await destination(r);
      const book = { id: r.book.id, price: 1000, images: [] };
      const placed = await r.app.request("/api/orders", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(orderBody(book, where, "reader@example.lk")),
      });
      assert.equal(placed.status, 201);
      const { orderId } = await placed.json();
      const order = await r.repositories.orders.findById(orderId);
      assert.ok(order);
      for (
        const mail of [checkoutMessage(order, shopInfo()), completionMessage(order, shopInfo())]
      ) {
        assert.ok(!mail.html.includes("<script>alert("), "mail HTML carries a live script");
        assert.ok(mail.html.includes("&lt;script&gt;alert("));
        assert.ok(mail.text.includes(HOSTILE), "the plain-text part shows the title as typed");
      }

      const done = await r.app.request("/api/orders/status", {
        method: "PUT",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${r.adminToken}` },
        body: JSON.stringify({ id: orderId, status: "completed" }),
      });
      assert.equal(done.status, 200);
      const slip = await r.app.request(`/api/orders/${orderId}/slip`, {
        headers: { Authorization: `Bearer ${r.adminToken}` },
      });
      assert.equal(slip.headers.get("Content-Type"), "application/pdf");
      const { text } = await extractText(new Uint8Array(await slip.arrayBuffer()), {
        mergePages: true,
      });
      assert.ok(text.replace(/\s+/g, " ").includes(`<script>alert("t")</script>`), text);
    } finally {
      await r.close();
    }
  },
});

const METACHARACTERS = [
  `'; DROP TABLE books; --`,
  `" OR 1=1 --`,
  `\\' \\\\ $1 $$x$$ %_ \\n`,
  `Robert'); DELETE FROM orders;--`,
];

Deno.test({
  name: "SQL metacharacters in every text field are stored and given back verbatim",
  ...sanitize,
  async fn() {
    const r = await realApp();
    try {
      const admin = { Authorization: `Bearer ${r.adminToken}` };
      for (const [i, text] of METACHARACTERS.entries()) {
        const category = await r.app.request("/api/categories", {
          method: "POST",
          headers: { ...admin, "Content-Type": "application/json" },
          body: JSON.stringify({ name: text }),
        });
        assert.equal(category.status, 201, text);
        const categoryId = (await category.json()).data.id;

        const form = new FormData();
        const fields: Record<string, string> = {
          title: `${text} title`,
          author: `${text} author`,
          price: "10",
          stock: "3",
          categoryId: String(categoryId),
          isbn13: isbn13(100 + i),
          language: "English",
          binding: "Paperback",
          publisher: `${text} publisher`,
          publishingDate: "2020-01-01",
          productEdition: `${text} edition`,
          weight: "0.1",
          description: `${text} description`,
          preorder: "0",
        };
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        form.append("images", new Blob([new Uint8Array(TINY_PNG)], { type: "image/png" }), "a.png");
        const created = await r.app.request("/api/books", {
          method: "POST",
          headers: admin,
          body: form,
        });
        assert.equal(created.status, 201, await created.clone().text());
        const id = (await created.json()).data.id;
        const book = (await (await r.app.request(`/api/books/${id}`)).json()).data;
        assert.equal(book.title, `${text} title`);
        assert.equal(book.author, `${text} author`);
        assert.equal(book.publisher, `${text} publisher`);
        assert.equal(book.product_edition, `${text} edition`);
        assert.equal(book.description, `${text} description`);
        assert.equal(book.category_name, text);

        const found = await (await r.app.request(`/api/books?q=${encodeURIComponent(text)}`))
          .json();
        assert.deepEqual(found.data.map((b: { id: number }) => b.id), [id], `search ${text}`);
        const byAuthor = await (await r.app.request(
          `/api/books?author=${encodeURIComponent(`${text} author`)}`,
        )).json();
        assert.deepEqual(byAuthor.data.map((b: { id: number }) => b.id), [id]);

        const where = await destination(r);
        const placed = await r.app.request("/api/orders", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            ...orderBody({ id, price: 10, images: [] }, where, "o@example.lk"),
            name: `${text} name`,
            address: `${text} address`,
          }),
        });
        assert.equal(placed.status, 201);
        const { orderId } = await placed.json();
        const orders = (await (await r.app.request("/api/orders", { headers: admin })).json()).data;
        const order = orders.find((o: { id: number }) => o.id === orderId);
        assert.equal(order.name, `${text} name`);
        assert.equal(order.address, `${text} address`);
        assert.equal(order.items[0].title, `${text} title`);
      }
      const tables = await r.db.sql.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_tables WHERE tablename IN ('books', 'orders')",
      );
      assert.equal(tables[0].n, 2);
    } finally {
      await r.close();
    }
  },
});
