import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { isStaff, type Role } from '@proc/contract/roles';
import { useSession } from '../lib/session';

/** Login-only routes: without an active session, to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  return session ? <>{children}</> : <Navigate to="/login" replace />;
}

/** Not-logged-in-only routes: with an active session, to '/'. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  return session ? <Navigate to="/" replace /> : <>{children}</>;
}

/** Staff-only routes: a client goes to '/'. */
export function StaffOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  return session && isStaff(session.user.role) ? <>{children}</> : <Navigate to="/" replace />;
}

/** A page for some roles only (e.g. registration decisions): anyone else goes to '/', never to a refusal. */
export function RolesOnly({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const session = useSession();
  return session && roles.includes(session.user.role) ? <>{children}</> : <Navigate to="/" replace />;
}

export function AdminOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  return session?.user.role === 'admin' ? <>{children}</> : <Navigate to="/" replace />;
}
