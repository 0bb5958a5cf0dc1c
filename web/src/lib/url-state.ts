import { useSearchParams } from 'react-router';

/**
 * The list pages' filters, sort and page live in the URL (the spec passes route parameters to the view), so a link or
 * a reload shows the same list. `patch` sets the given keys and drops the empty ones, replacing the history entry.
 */
export function useUrlState() {
  const [params, setParams] = useSearchParams();
  const patch = (p: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(p)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const reset = () => setParams(new URLSearchParams(), { replace: true });
  return { params, patch, reset };
}
