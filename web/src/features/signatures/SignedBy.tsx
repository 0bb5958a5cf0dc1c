import { Tag, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSelectedCompany } from '../../lib/session';
import { signaturesApi } from './api';
import { formatDateTime, MOSCOW_TZ } from '@proc/contract';
import { ruDate } from './usable';

/** «Подписано: …, сертификат № …, действителен до …» for a document, or «Не подписано». */
export function SignedBy({ kind, id }: { kind: Parameters<typeof signaturesApi.list>[0]; id: number }) {
  const company = useSelectedCompany();
  const q = useQuery({ queryKey: ['signatures', company, kind, id], queryFn: () => signaturesApi.list(kind, id) });
  const s = q.data?.[0];
  if (q.isLoading) return null;
  if (!s) return <Tag>Не подписано</Tag>;
  const c = s.certificate;
  const who = [c?.surname, c?.givenName].filter(Boolean).join(' ') || c?.commonName || s.user_title || '—';
  const text = `Подписано: ${who}, сертификат № ${c?.serial ?? '—'}, действителен до ${c ? ruDate(c.validTo) : '—'}`;
  if (!s.valid) return <Tag color="red">{`Подпись не принята: ${s.reason ?? ''}`}</Tag>;
  return (
    <Tooltip
      title={[
        c?.issuer && `Выдан: ${c.issuer}`,
        s.mchd_number && `МЧД № ${s.mchd_number}`,
        s.signing_time && `Время подписи: ${formatDateTime(s.signing_time, MOSCOW_TZ)}`,
        ...s.warnings,
      ]
        .filter(Boolean)
        .join('\n')}
    >
      <Tag color="green" data-testid={`signed-${kind}-${id}`}>
        {text}
      </Tag>
    </Tooltip>
  );
}
