import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSelectedCompany } from '../lib/session';
import { tariffsApi } from '../features/tariffs';

/** The acting company's tariff warning (expired, not started, a limit reached) above every page. */
export function TariffNotice() {
  const company = useSelectedCompany();
  const current = useQuery({ queryKey: ['tariffs', 'current', company], queryFn: tariffsApi.current, staleTime: 60_000, retry: false });
  const notice = current.data?.notice;
  return notice ? (
    <Alert type="warning" showIcon title={notice} style={{ marginBottom: 16, whiteSpace: 'pre-line' }} data-testid="tariff-notice" />
  ) : null;
}
