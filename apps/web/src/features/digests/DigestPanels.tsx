/**
 * The online lists as panels over any screen (spec 3 §2): one drawer from the right for the cash
 * journal, the chapter register and the supplier digest. Opened by the top bar's buttons, the side
 * menu's "Online-Listen" entries or Alt+Shift+1/2/3 (panels.ts); the same shortcut again or Escape
 * closes it, the screen behind stays as it was. Each panel keeps its choices (year, account,
 * chapter, supplier, page) while the department stays, so after opening a movement from a row the
 * shortcut brings the list back where it was. Every opening refetches the digests (a booking made
 * meanwhile shows).
 */
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { queryClient, trpc } from '../../lib/trpc.ts';
import type { ChapterChoice } from '../../ui/chapterCode.ts';
import type { ChapterPreset } from './types.ts';
import { type DigestPanel, nextOpenPanel, panelOfKey } from './panels.ts';
import type { DigestScope } from './types.ts';

/**
 * The drawer and its three panels (tables, pickers, the chapter input): fetched at the first opening, not with every
 * screen's frame (issue 29: a scope's home loads no digest code until a list is asked for).
 */
const DigestDrawer = lazy(() => import('./DigestDrawer.tsx').then((m) => ({ default: m.DigestDrawer })));

interface DigestPanelsApi {
  /** null outside a department's scope: no panel can open. */
  available: boolean;
  open: DigestPanel | null;
  toggle: (panel: DigestPanel) => void;
  /** Opens the chapter register on this chapter of the scope year (the home's tight chapters). */
  showChapter: (chapter: ChapterChoice) => void;
  close: () => void;
}

const DigestPanelsContext = createContext<DigestPanelsApi>({
  available: false,
  open: null,
  toggle: () => undefined,
  showChapter: () => undefined,
  close: () => undefined,
});

export function useDigestPanels(): DigestPanelsApi {
  return useContext(DigestPanelsContext);
}

export function DigestPanelsProvider({ scope, children }: { scope: DigestScope | null; children: ReactNode }) {
  const [open, setOpen] = useState<DigestPanel | null>(null);
  // the drawer mounts at the first opening and then stays (kept mounted, hidden) with its panels' choices
  const [wanted, setWanted] = useState(false);
  const [chapterPreset, setChapterPreset] = useState<ChapterPreset | null>(null);
  if (open && !wanted) setWanted(true);
  const available = scope !== null;

  const toggle = useCallback(
    (panel: DigestPanel) => {
      const next = nextOpenPanel(open, panel);
      if (next) void queryClient.invalidateQueries(trpc.digests.pathFilter());
      setOpen(next);
    },
    [open],
  );
  const close = useCallback(() => setOpen(null), []);
  const showChapter = useCallback((chapter: ChapterChoice) => {
    void queryClient.invalidateQueries(trpc.digests.pathFilter());
    setChapterPreset((p) => ({ chapter, seq: (p?.seq ?? 0) + 1 }));
    setOpen('chapterDigest');
  }, []);

  useEffect(() => {
    if (!available) return undefined;
    function onKey(event: KeyboardEvent) {
      const panel = panelOfKey(event);
      if (!panel) return;
      event.preventDefault();
      toggle(panel);
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [available, toggle]);

  const api = useMemo(() => ({ available, open: available ? open : null, toggle, showChapter, close }), [available, open, toggle, showChapter, close]);

  return (
    <DigestPanelsContext.Provider value={api}>
      {children}
      {scope && wanted ? (
        <Suspense fallback={null}>
          <DigestDrawer key={scope.department.id} scope={scope} open={api.open} onClose={close} onSwitch={toggle} chapterPreset={chapterPreset} />
        </Suspense>
      ) : null}
    </DigestPanelsContext.Provider>
  );
}
