import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api';
import { useSession } from '../lib/session';
import { openAuthSocket, closeAuthSocket, openUnauthSocket } from '../lib/socket';
import { NoticeStack } from './NoticeStack';
import { later } from './lazy-page';

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
  // signed out, the home page's code loads while the user types, or at the latest alongside the sign-in request (a
  // form's submit): after «Войти» only the session and the home page's data are waited for. A failure shows later,
  // when the page is opened.
  useEffect(() => {
    if (session) return undefined;
    const preload = () => void import('./SignedIn').then((m) => m.preloadRoute('/')).catch(() => undefined);
    // a task later, so the sign-in request goes out first: on HTTP/1.1 it would queue behind forty chunk requests
    const onSubmit = () => void setTimeout(preload, 0);
    document.addEventListener('submit', onSubmit, { capture: true, once: true });
    const cancel = later(preload, 1500);
    return () => {
      document.removeEventListener('submit', onSubmit, { capture: true });
      cancel();
    };
  }, [!!session]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <>
      <Outlet />
      <NoticeStack />
    </>
  );
}
