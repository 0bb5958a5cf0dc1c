import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api';
import { useSession } from '../lib/session';
import { openAuthSocket, closeAuthSocket, openUnauthSocket } from '../lib/socket';
import { NoticeStack } from './NoticeStack';
import { whenIdle } from './lazy-page';

/** Session side effects: the sockets follow the session, a 401 sends the user to /login (the shell drops the query cache). */
export function Root() {
  const navigate = useNavigate();
  const session = useSession();
  useEffect(() => {
    setUnauthorizedHandler(() => navigate('/login', { replace: true }));
    openUnauthSocket();
  }, [navigate]);
  useEffect(() => {
    if (session) openAuthSocket(session.token);
    else closeAuthSocket();
    return undefined;
  }, [session?.token]); // eslint-disable-line react-hooks/exhaustive-deps
  // on the sign-in pages, the home page's code loads while the user types (its failure shows when it is needed)
  useEffect(() => {
    if (session) return undefined;
    return whenIdle(() => void import('./SignedIn').then((m) => m.preloadRoute('/')).catch(() => undefined), 300);
  }, [!!session]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <>
      <Outlet />
      <NoticeStack />
    </>
  );
}
