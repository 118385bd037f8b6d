import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Names the browser tab after what the page shows: its main heading and the business ("Private yoga
 * session · Lotus Yoga Studio"), the business alone on the home page. The heading is read from the page as
 * it renders (names load after the first paint), so no page has to repeat its title.
 */
export function usePageTitle(siteName: string, options: { home: string; area?: string }) {
  const { pathname } = useLocation();
  useEffect(() => {
    const main = document.querySelector('main');
    if (!main) return;
    const update = () => {
      const heading =
        pathname === options.home ? '' : (main.querySelector('h1, h2')?.textContent ?? '').trim();
      const title = [heading, options.area, siteName].filter(Boolean).join(' · ');
      if (title && document.title !== title) document.title = title;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(main, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [pathname, siteName, options.home, options.area]);
}
