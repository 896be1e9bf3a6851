/** The footer: who we are, where to find us, and the pages every shop owes its customers. */
import type { ShopInfo } from "../../domain/shop.ts";
import { Logo } from "./Logo.tsx";

export function Footer({ shop, year }: { shop: ShopInfo; year: number }) {
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section className="footer-about" aria-label="About Pothgula">
          <Logo size={36} />
          <p>
            {shop.name}{" "}
            is a neighbourhood book and stationery shop. We send Sinhala, English and Tamil books,
            school supplies and office stationery to every corner of Sri Lanka.
          </p>
          <ul className="social" aria-label="Follow us">
            <li>
              <a href="https://www.facebook.com/pothgula" rel="noopener">Facebook</a>
            </li>
            <li>
              <a href="https://www.instagram.com/pothgula" rel="noopener">Instagram</a>
            </li>
            <li>
              <a href={`https://wa.me/${shop.phones[0].replace(/\D/g, "")}`} rel="noopener">
                WhatsApp
              </a>
            </li>
          </ul>
        </section>
        <nav aria-labelledby="footer-sitemap">
          <h2 id="footer-sitemap">Site Map</h2>
          <ul>
            <li>
              <a href="/">Book Store</a>
            </li>
            <li>
              <a href="/stationery">Stationery Store</a>
            </li>
            <li>
              <a href="/cart">My Shopping Cart</a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-faq">
          <h2 id="footer-faq">FAQ</h2>
          <ul>
            <li>
              <a href="/privacy">Privacy Policy</a>
            </li>
            <li>
              <a href="/terms">Terms &amp; Conditions</a>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
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
        © {year} {shop.name}. All rights reserved. Website by Pothgula Digital (Pvt) Ltd.
      </p>
    </footer>
  );
}
