import { useT } from "../../i18n/i18n.tsx";

/** A cookie or a browser-storage key as content/legal/cookies.json lists it. */
export interface CookieEntry {
  name: string;
  purpose: string;
  lifetime: string;
  strictlyNecessary?: boolean;
}

const cell = "border-t border-sand px-3 py-2 align-top";

/** The privacy page's list of every cookie the shop sets, and what the browser keeps. */
export function CookieTable({ cookies, storage }: { cookies: CookieEntry[]; storage: CookieEntry[] }) {
  const t = useT();
  return (
    <div className="grid gap-6">
      {/* Scrolls sideways on a narrow screen; focusable so the keyboard can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to scroll by keyboard */}
      <div tabIndex={0} className="overflow-x-auto rounded-card bg-white shadow-card">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="px-3 pt-3 text-left font-semibold text-ink">
            {t("legal.cookies.caption")}
          </caption>
          <thead>
            <tr>
              <th scope="col" className="px-3 py-2">
                {t("legal.cookies.name")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("legal.cookies.purpose")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("legal.cookies.lifetime")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("legal.cookies.strictlyNecessary")}
              </th>
            </tr>
          </thead>
          <tbody>
            {cookies.map((c) => (
              <tr key={c.name}>
                <th scope="row" className={`${cell} font-mono text-xs font-normal whitespace-nowrap`}>
                  {c.name}
                </th>
                <td className={cell}>{c.purpose}</td>
                <td className={cell}>{c.lifetime}</td>
                <td className={cell}>
                  {c.strictlyNecessary ? t("legal.cookies.yes") : t("legal.cookies.no")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to scroll by keyboard */}
      <div tabIndex={0} className="overflow-x-auto rounded-card bg-white shadow-card">
        <table className="w-full min-w-[30rem] text-left text-sm">
          <caption className="px-3 pt-3 text-left font-semibold text-ink">
            {t("legal.cookies.storageCaption")}
          </caption>
          <thead>
            <tr>
              <th scope="col" className="px-3 py-2">
                {t("legal.cookies.name")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("legal.cookies.purpose")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("legal.cookies.lifetime")}
              </th>
            </tr>
          </thead>
          <tbody>
            {storage.map((c) => (
              <tr key={c.name}>
                <th scope="row" className={`${cell} font-mono text-xs font-normal whitespace-nowrap`}>
                  {c.name}
                </th>
                <td className={cell}>{c.purpose}</td>
                <td className={cell}>{c.lifetime}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
