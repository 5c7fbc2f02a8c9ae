import { useEffect, useState } from 'react';

/**
 * Loads the given image URLs in the background. `ready` turns true once every one has loaded or
 * failed; `failed` lists those that failed, so the page can leave them out. With `skip` (the
 * page came from the server and its images are already loading in the document) it is ready at once.
 */
export function usePreloadedImages(urls: readonly string[], skip: boolean) {
  const key = urls.join('\n');
  const [state, setState] = useState<{ key: string; ready: boolean; failed: string[] }>({
    key,
    ready: skip,
    failed: [],
  });

  useEffect(() => {
    if (skip) return;
    let cancelled = false;
    const list = key.split('\n').filter(Boolean);
    void Promise.all(
      list.map(
        (url) =>
          new Promise<string | null>((resolve) => {
            const image = new Image();
            image.onload = () => resolve(null);
            image.onerror = () => resolve(url);
            image.src = url;
          }),
      ),
    ).then((results) => {
      if (!cancelled)
        setState({ key, ready: true, failed: results.filter((url): url is string => url !== null) });
    });
    return () => {
      cancelled = true;
    };
  }, [key, skip]);

  return state.key === key ? state : { key, ready: skip, failed: [] };
}
