/** The footer: who we are, where to find us, and the pages every shop owes its customers. */
import { type ShopInfo, whatsappChatUrl } from "../../domain/shop.ts";
import { Logo } from "./Logo.tsx";
import { useI18n } from "../i18n/mod.ts";

export function Footer({ shop, year }: { shop: ShopInfo; year: number }) {
  const { t, href } = useI18n();
  const whatsapp = whatsappChatUrl(shop.whatsappNumber);
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section className="footer-about" aria-label={t("footer.about")}>
          <Logo size={36} />
          <p>{t("footer.blurb", { shop: shop.name })}</p>
          <ul className="social" aria-label={t("footer.follow")}>
            <li>
              <a href="https://www.facebook.com/pothgula" rel="noopener">Facebook</a>
            </li>
            <li>
              <a href="https://www.instagram.com/pothgula" rel="noopener">Instagram</a>
            </li>
            {whatsapp
              ? (
                <li>
                  <a href={whatsapp} rel="noopener">WhatsApp</a>
                </li>
              )
              : null}
          </ul>
        </section>
        <nav aria-labelledby="footer-sitemap">
          <h2 id="footer-sitemap">{t("footer.siteMap")}</h2>
          <ul>
            <li>
              <a href={href("/")}>{t("shell.bookStore")}</a>
            </li>
            <li>
              <a href={href("/stationery")}>{t("shell.stationeryStore")}</a>
            </li>
            <li>
              <a href={href("/cart")}>{t("footer.myCart")}</a>
            </li>
            <li>
              <a href={href("/track")}>{t("footer.track")}</a>
            </li>
            <li>
              <a href={href("/gift-voucher")}>{t("footer.giftVoucher")}</a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-faq">
          <h2 id="footer-faq">{t("footer.faq")}</h2>
          <ul>
            <li>
              <a href={href("/faq")}>{t("footer.faqPage")}</a>
            </li>
            <li>
              <a href={href("/delivery")}>{t("footer.delivery")}</a>
            </li>
            <li>
              <a href={href("/returns")}>{t("footer.returns")}</a>
            </li>
            <li>
              <a href={href("/privacy")}>{t("footer.privacy")}</a>
            </li>
            <li>
              <a href={href("/terms")}>{t("footer.terms")}</a>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t("footer.contact")}</h2>
          <ul className="contact">
            {shop.phones.map((phone) => (
              <li key={phone}>
                <a href={`tel:${phone.replace(/[^\d+]/g, "")}`}>{phone}</a>
              </li>
            ))}
            <li>{shop.address}</li>
            <li>
              <a href={`mailto:${shop.email}`}>{shop.email}</a>
            </li>
          </ul>
        </section>
      </div>
      <p className="copyright">
        {t("footer.copyright", { year: String(year), shop: shop.name })}
      </p>
    </footer>
  );
}
