import { useSyncExternalStore } from 'react';
import type { CompanyBrief, Contact, LoginResponse, SessionUser } from '@proc/contract';
import { getCookie, getJsonCookie, removeCookie, setCookie } from './cookies';

export interface Session {
  token: string;
  user: SessionUser;
  company: CompanyBrief;
  contact?: Contact | null;
  early_access?: Record<string, unknown> | null;
}

const SELECTED = 'selectedCompany';
const COOKIES = ['token', 'user', 'company', 'contact', 'early_access'] as const;

/** Restored from cookies on page load; active only when token, user and company are all present. */
function readSession(): Session | null {
  const token = getCookie('token');
  const user = getJsonCookie<SessionUser>('user');
  const company = getJsonCookie<CompanyBrief>('company');
  if (!token || !user || !company) return null;
  return { token, user, company, contact: getJsonCookie<Contact>('contact'), early_access: getJsonCookie('early_access') };
}

let session: Session | null = readSession();
let selectedCompany: number | null = readSelected();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function readSelected(): number | null {
  const raw = localStorage.getItem(SELECTED);
  return raw && /^\d+$/.test(raw) ? Number(raw) : null;
}

export const sessionStore = {
  get: () => session,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  login(r: LoginResponse) {
    setCookie('token', r.token);
    setCookie('user', JSON.stringify(r.user));
    setCookie('company', JSON.stringify(r.company));
    if (r.contact) setCookie('contact', JSON.stringify(r.contact));
    if (r.early_access) setCookie('early_access', JSON.stringify(r.early_access));
    session = readSession();
    emit();
  },
  /** The signed-in user's own card changed (profile saved): the top bar shows the new name at once. */
  updateUser(patch: Partial<SessionUser>) {
    if (!session) return;
    setCookie('user', JSON.stringify({ ...session.user, ...patch }));
    session = readSession();
    emit();
  },
  logout() {
    for (const c of COOKIES) removeCookie(c);
    localStorage.removeItem(SELECTED);
    session = null;
    selectedCompany = null;
    emit();
  },
  selectedCompany: () => selectedCompany,
  /** The company requests act for: the picker's choice, else the user's own. */
  actingCompanyId: () => selectedCompany ?? session?.company.id ?? null,
  storedSelection: readSelected,
  select(id: number | null) {
    selectedCompany = id;
    if (id === null) localStorage.removeItem(SELECTED);
    else localStorage.setItem(SELECTED, String(id));
    emit();
  },
};

export const useSession = () => useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
export const useSelectedCompany = () => useSyncExternalStore(sessionStore.subscribe, sessionStore.actingCompanyId);
