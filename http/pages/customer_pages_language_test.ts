/**
 * The customer's pages, checkout, the order's page and the policies rendered on the server
 * in Sinhala and Tamil: `<html lang>`, the page's own words, `hreflang` where the page has
 * a canonical address, and not one English sentence of the page's body left over.
 */
import assert from "node:assert/strict";
import { MemoryLocations } from "../../adapters/memory/locations.ts";
import { ensureBuilt } from "../../scripts/build_web.ts";
import { sampleCatalogue } from "../../web/dev/sample_catalogue.ts";
import type { BankDetails, ShopInfo } from "../../domain/shop.ts";
import { customerOrderView } from "../../domain/orders/customer_view.ts";
import { sampleOrder } from "../../domain/notifications/testing/samples.ts";
import { pagesApp } from "./mod.ts";

await ensureBuilt();

const SHOP: ShopInfo = {
  name: "Pothgula",
  publicUrl: "https://shop.example.lk",
  email: "hello@pothgula.lk",
  phones: ["+94 11 273 4567", "+94 77 123 4567"],
  address: "42 Hotel Road, Mount Lavinia",
  whatsappNumber: "+94 77 123 4567",
};
const BANK: BankDetails = {
  bankName: "Bank of Ceylon",
  bankBranch: "Mount Lavinia",
  accountName: "Pothgula Books",
  accountNumber: "0081234567",
  whatsappNumber: "+94 77 123 4567",
};

const ORDER = customerOrderView(sampleOrder({
  id: 41,
  paymentMethod: "Bank Deposit",
  expiresAt: "2026-03-03T10:00:00.000Z",
  events: [{ at: "2026-03-01T10:00:00.000Z", kind: "placed", actor: "customer", note: null }],
}));

async function setup(
  customerOrder = (id: number, key: string) =>
    Promise.resolve(id === 41 && key === "right" ? ORDER : undefined),
) {
  return pagesApp({
    catalogue: await sampleCatalogue(),
    locations: new MemoryLocations(),
    bank: BANK,
    shop: SHOP,
    customerOrder,
  });
}

/** The page's HTML without React's text separators. */
async function html(response: Response): Promise<string> {
  return (await response.text()).replaceAll("<!-- -->", "");
}

/** The text of the page's main content, tags dropped. */
function mainText(page: string): string {
  const main = /<main[^>]*>(.*?)<\/main>/s.exec(page)?.[1] ?? page;
  return main.replace(/<script.*?<\/script>/gs, "").replace(/<[^>]+>/g, " ");
}

function alternates(page: string): Record<string, string> {
  return Object.fromEntries(
    [...page.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)]
      .map((m) => [m[1], m[2]]),
  );
}

/** English sentences the pages used to show; none may be left in another language. */
const ENGLISH =
  /\b(Log in|Logged in|Password|Email|Enter|Choose|Loading|Order #|Placed|Status|Payment|Total to pay|Delivery fee|Items|Branch|Account|Deposit|Track|What has happened|Back to|Privacy|Terms|Prices|Write to|Questions|Something went wrong|Your|Register|Mail me|New here|Forgot)\b/;

const PAGES: { path: string; words: Record<"si" | "ta", string[]>; canonical?: boolean }[] = [
  {
    path: "/checkout",
    words: {
      si: ['<h1 class="page-title">ගෙවීම</h1>', "ඔබේ කරත්තය පූරණය වෙමින්"],
      ta: ['<h1 class="page-title">பணம் செலுத்தல்</h1>', "உங்கள் கூடை ஏற்றப்படுகிறது"],
    },
  },
  {
    path: "/login",
    canonical: true,
    words: {
      si: ['<label for="login-password">මුරපදය</label>', "මුරපදය අමතකද?", "ගිණුමක් සාදන්න"],
      ta: ['<label for="login-password">கடவுச்சொல்</label>', "கடவுச்சொல் மறந்துவிட்டதா?"],
    },
  },
  {
    path: "/register",
    canonical: true,
    words: {
      si: ['<label for="register-username">ඔබේ නම</label>', "අකුරු 8 සිට 200 දක්වා මුරපදයක්"],
      ta: ['<label for="register-username">உங்கள் பெயர்</label>', "கணக்கு உள்ளதா?"],
    },
  },
  {
    path: "/account",
    words: {
      si: ['<h1 class="page-title">ඔබේ ගිණුම</h1>', "ඔබේ ගිණුම පූරණය වෙමින්"],
      ta: ['<h1 class="page-title">உங்கள் கணக்கு</h1>', "உங்கள் கணக்கு ஏற்றப்படுகிறது"],
    },
  },
  {
    path: "/reset-password",
    words: {
      si: ["මුරපදය යළි සකසන්න", "මට සබැඳියක් ඊමේල් කරන්න", "ඇතුළු වීමට ආපසු"],
      ta: ["கடவுச்சொல்லை மீட்டமையுங்கள்", "இணைப்பை மின்னஞ்சலில் அனுப்பு"],
    },
  },
  {
    path: "/track",
    canonical: true,
    words: {
      si: ["ඔබේ ඇණවුම සොයන්න", '<label for="track-order">ඇණවුම් අංකය</label>'],
      ta: ["உங்கள் ஆர்டரைக் கண்காணியுங்கள்", '<label for="track-order">ஆர்டர் இலக்கம்</label>'],
    },
  },
  {
    path: "/orders/41?key=right",
    words: {
      si: [
        '<h1 class="page-title">ඇණවුම #41</h1>',
        "තවම ගෙවා නැත",
        "2026 මාර්තු 3, ප.ව. 3:30",
        "<dt>ගිණුම් අංකය</dt>",
        "තැන්පතු පත්‍රිකාවේ ඡායාරූපය හෝ PDF (උපරිම 5 MB)",
        "ඇණවුම ලැබුණා",
      ],
      ta: [
        '<h1 class="page-title">ஆர்டர் #41</h1>',
        "இன்னும் செலுத்தப்படவில்லை",
        "3 மார். 2026, பி.ப. 3:30",
        "<dt>கணக்கு இலக்கம்</dt>",
        "வைப்புச் சீட்டை அனுப்பு",
        "ஆர்டர் பெறப்பட்டது",
      ],
    },
  },
  {
    path: "/privacy",
    canonical: true,
    words: {
      si: ['<h1 class="page-title">රහස්‍යතා ප්‍රතිපත්තිය</h1>', "අප එකතු කරන දේ", "+94 11 273 4567 අමතන්න"],
      ta: ['<h1 class="page-title">தனியுரிமைக் கொள்கை</h1>', "நாங்கள் சேகரிப்பவை"],
    },
  },
  {
    path: "/terms",
    canonical: true,
    words: {
      si: [
        '<h1 class="page-title">නියම සහ කොන්දේසි</h1>',
        "ආපසු භාරදීම",
        "hello@pothgula.lk</a> වෙත ලියන්න",
      ],
      ta: ['<h1 class="page-title">விதிமுறைகளும் நிபந்தனைகளும்</h1>', "திருப்பி அனுப்புதல்"],
    },
  },
];

for (const language of ["si", "ta"] as const) {
  Deno.test(`checkout, the customer's pages, the order's page and the policies render in ${language}`, async () => {
    const app = await setup();
    for (const { path, words, canonical } of PAGES) {
      const response = await app.request(`/${language}${path}`);
      assert.equal(response.status, 200, path);
      const page = await html(response);
      assert.match(page, new RegExp(`<html lang="${language}">`), path);
      for (const word of words[language]) assert.ok(page.includes(word), `${path} says ${word}`);
      const english = ENGLISH.exec(mainText(page));
      assert.equal(english, null, `${path} has no English left: ${english?.[0]}`);
      if (canonical) {
        const plain = path.split("?")[0];
        assert.deepEqual(alternates(page), {
          en: `https://shop.example.lk${plain}`,
          si: `https://shop.example.lk/si${plain}`,
          ta: `https://shop.example.lk/ta${plain}`,
          "x-default": `https://shop.example.lk${plain}`,
        }, path);
      }
    }
  });
}

Deno.test("the order's page keeps its English words and Sri Lanka's time unprefixed", async () => {
  const page = await html(await (await setup()).request("/orders/41?key=right"));
  assert.match(page, /<html lang="en">/);
  assert.ok(page.includes("3 Mar 2026, 3:30 pm"));
  assert.ok(page.includes("Deposit slip sent") || page.includes("Order placed"));
  assert.ok(page.includes("<dt>Account number</dt>"));
});

Deno.test("a page that fails is the error page in its language, answered 500 and not kept", async () => {
  const app = await setup(() => Promise.reject(new Error("the database went away")));
  for (
    const [path, lang, title] of [
      ["/si/orders/41?key=right", "si", "යම් දෝෂයක් සිදු විය"],
      ["/ta/orders/41?key=right", "ta", "ஏதோ தவறு நடந்துவிட்டது"],
      ["/orders/41?key=right", "en", "Something went wrong"],
    ]
  ) {
    const response = await app.request(path);
    assert.equal(response.status, 500, path);
    assert.equal(response.headers.get("Cache-Control"), "no-store");
    const page = await html(response);
    assert.match(page, new RegExp(`<html lang="${lang}">`));
    assert.ok(page.includes(`<h1 class="page-title">${title}</h1>`), path);
    assert.doesNotMatch(page, /database went away/);
  }
});
