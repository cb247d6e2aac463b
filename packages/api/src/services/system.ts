import { type Db, hasDemoData } from '@app/db';

/** Facts about this installation the client shows before and after sign-in. */
export interface SystemInfo {
  /** The database holds the demo data (the marker the demo seed writes): the top bar shows "Demo". */
  demo: boolean;
}

export async function systemInfo(db: Db): Promise<SystemInfo> {
  return { demo: await hasDemoData(db) };
}
