/** The admin island's entry: mounts the app into #admin-root. */
import { createRoot } from "react-dom/client";
import { App } from "./App.tsx";
import "./admin.css";
import "./layout.css";
import "./tables.css";
import "./orders/orders.css";
import "./catalogue/catalogue.css";
import "./promotions/promotions.css";
import "./audit/audit.css";

const root = document.getElementById("admin-root");
if (root) createRoot(root).render(<App />);
