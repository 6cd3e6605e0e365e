import { Link } from 'react-router';
import './link-tabs.css';

export interface LinkTab {
  label: string;
  to: string;
  /** Paths (prefixes) under which the tab is the current one. */
  match: readonly string[];
}

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The `to` of the tab whose paths hold `pathname` (one of them, or a path below it), or null. */
export function currentTabOf(tabs: readonly LinkTab[], pathname: string): string | null {
  return tabs.find((t) => t.match.some((m) => under(pathname, m)))?.to ?? null;
}

/**
 * Tabs that are links to the area's pages: a tablist whose tabs are anchors (a new tab opens with a
 * middle click; the current one is aria-selected), drawn like Mantine's default Tabs without loading them
 * on an employee's first load (issue 29).
 */
export function LinkTabs({ tabs, current, label }: { tabs: readonly LinkTab[]; current: string | null; label: string }) {
  return (
    <div role="tablist" aria-label={label} className="tk-link-tabs">
      {tabs.map((t) => (
        <Link key={t.to} to={t.to} role="tab" aria-selected={current === t.to} className="tk-link-tab">
          {t.label}
        </Link>
      ))}
    </div>
  );
}
