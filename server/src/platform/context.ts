import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Jobs } from './jobs';
import type { Realtime } from './realtime';
import type { Mailer } from './mail';
import type { FileStore } from './files';
import type { Role } from '@proc/contract';

/** Everything a service may need from the platform; built once per process. */
export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  jobs: Jobs;
  realtime: Realtime;
  mailer: Mailer;
  files: FileStore;
}

export interface AuthUser {
  id: number;
  title: string;
  login: string;
  email: string | null;
  role: Role;
  companyId: number;
  sessionId: number;
  /**
   * Whether the user's own company exists and is not deleted, read with the session (when known), so acting for the
   * own company — most requests — needs no query of its own.
   */
  ownCompanyActive?: boolean;
}

/** Service context: the platform, the user and the company the user acts for (already checked). */
export interface Ctx {
  deps: Deps;
  user: AuthUser;
  companyId: number;
}
