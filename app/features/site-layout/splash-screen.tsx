import { useRouteLoaderData } from 'react-router';
import type { RootData } from '#app/lib/root-data.ts';
import { useSiteSettings } from '#app/features/site-content/index.ts';

/**
 * The home page of a browser's first visit carries the splash (the server decides, see
 * `server/http/splash.ts`). Its timing (1 s, fading over the last 300 ms) is in the stylesheet
 * (`.splash` in app.css), so it needs no script. The page's own HTML
 * is already beneath it, so crawlers and the largest paint see the real content.
 */
export function SplashScreen() {
  const site = useSiteSettings();
  const showSplash = useRouteLoaderData<RootData>('root')?.showSplash ?? false;
  if (!showSplash) return null;
  return (
    <div className="splash" aria-hidden="true">
      <img src="/brand/mark.svg" alt="" width={88} height={88} className="size-22" />
      <p className="font-heading text-2xl font-extrabold text-white">{site.companyName}</p>
      <div className="flex gap-2">
        {[0, 1, 2].map((dot) => (
          <span key={dot} className="splash-dot" style={{ animationDelay: `${dot * 150}ms` }} />
        ))}
      </div>
    </div>
  );
}
