import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { useUrlChoice } from './url-state';

afterEach(cleanup);

const TABS = ['pending', 'approved', 'rejected'] as const;

function setup(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  return renderHook(
    () => ({
      registrations: useUrlChoice('registration_status', TABS, 'pending'),
      identity: useUrlChoice('identity_status', TABS, 'pending'),
      location: useLocation(),
      navigate: useNavigate(),
    }),
    { wrapper },
  );
}

describe('a list tab in the URL (useUrlChoice)', () => {
  it('reads each list its own key; an unknown value reads as the default', () => {
    const { result } = setup('/registrations?registration_status=rejected&identity_status=secret');
    expect(result.current.registrations[0]).toBe('rejected');
    expect(result.current.identity[0]).toBe('pending');
  });

  it('one tab switches its own list only, the default is not spelled out, and Back to the page brings the tab back', () => {
    const { result } = setup('/registrations');
    act(() => result.current.identity[1]('approved'));
    expect(result.current.location.search).toBe('?identity_status=approved');
    expect(result.current.registrations[0]).toBe('pending');
    act(() => result.current.registrations[1]('rejected'));
    act(() => result.current.identity[1]('pending'));
    expect(result.current.location.search).toBe('?registration_status=rejected');
    act(() => result.current.navigate('/users'));
    expect(result.current.registrations[0]).toBe('pending');
    act(() => result.current.navigate(-1));
    expect(result.current.location.pathname).toBe('/registrations');
    expect(result.current.registrations[0]).toBe('rejected');
  });

  it('two lists of one page cannot hold one key', () => {
    const List = () => <>{useUrlChoice('status', TABS, 'pending')[0]}</>;
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() =>
      render(
        <MemoryRouter>
          <List />
          <List />
        </MemoryRouter>,
      ),
    ).toThrow('The URL key «status» is held by another list on this page');
    quiet.mockRestore();
    cleanup();
    render(
      <MemoryRouter>
        <List />
      </MemoryRouter>,
    );
    expect(screen.getByText('pending')).toBeTruthy();
  });
});
