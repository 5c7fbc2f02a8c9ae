import { useCallback, useState } from 'react';

/**
 * Which editors of a list that open and close (services, booking locations) are open, by key:
 * none at first. `toggle` opens or closes one; `open` opens one (a newly added entry).
 */
export function useOpenKeys() {
  const [openKeys, setOpenKeys] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback(
    (key: string) =>
      setOpenKeys((keys) => {
        const next = new Set(keys);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );
  const open = useCallback((key: string) => setOpenKeys((keys) => new Set(keys).add(key)), []);
  return { openKeys, toggle, open };
}
