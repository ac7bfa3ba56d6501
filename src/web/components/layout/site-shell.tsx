import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function SiteShell({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      {/* At least a screen high: the footer starts below the fold, so a page whose lists arrive
          after it is drawn does not push a visible footer down (a layout shift). */}
      <div className="min-h-dvh flex-1">{children}</div>
      <SiteFooter />
    </div>
  );
}
