/**
 * An empty (heading) chapter has no names of its own: each of its budget lines (and each change
 * position on it) is named per position. The name a line shows: its own name for an empty chapter
 * when one was typed, the chapter's name otherwise. (SQL that reads the names follows the same rule.)
 */
export function chapterLineName(emptyChapter: boolean, chapterName: string, lineName: string | null | undefined): string {
  return emptyChapter && lineName ? lineName : chapterName;
}

/** The name a line (or change position) stores: what was typed for an empty chapter, nothing ('') for any other chapter. */
export function storedLineName(emptyChapter: boolean, typedName: string): string {
  return emptyChapter ? typedName : '';
}
