import { createContext, useContext } from 'react';
import stylesheetUrl from '#app/app.css?url';

/**
 * The site's compiled stylesheet, given by the server entry so that production pages carry it
 * inline: a phone on a slow connection paints the page from the HTML alone, without waiting a
 * round trip for a render-blocking stylesheet. In the browser the context is empty.
 */
export const InlineStylesheetContext = createContext<string | undefined>(undefined);

/**
 * The stylesheet in the document head. Development links the file so that Vite can hot-reload it.
 * In production the server writes the CSS into a style element; hydration keeps the server's
 * contents (React does not patch inner HTML while hydrating, and an unchanged empty string is
 * never written afterwards), so the browser build does not carry the CSS a second time.
 */
export function SiteStylesheet() {
  const css = useContext(InlineStylesheetContext);
  if (import.meta.env.DEV) return <link rel="stylesheet" href={stylesheetUrl} />;
  return (
    <style id="site-stylesheet" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css ?? '' }} />
  );
}
