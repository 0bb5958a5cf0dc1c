import { Alert } from 'antd';
import type { IdentityRequestResponse } from '@proc/contract';
import { formatDateTime } from '../../lib/format';

const values = (r: { inn: string | null; kpp: string | null; ogrn: string | null }) =>
  `ИНН ${r.inn ?? '—'}, КПП ${r.kpp ?? '—'}, ОГРН ${r.ogrn ?? '—'}`;

/** The company's change of ИНН, КПП or ОГРН waiting for the operator, or the last one refused and why. */
export function IdentityRequestAlert({ r }: { r: IdentityRequestResponse | null | undefined }) {
  if (!r) return null;
  if (r.status === 'pending')
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="identity-request"
        title={`Смена реквизитов ожидает подтверждения оператором: ${values(r)}`}
        description={`Заявка от ${formatDateTime(r.created_at)}. До решения оператора действуют прежние: ${values({ inn: r.old_inn, kpp: r.old_kpp, ogrn: r.old_ogrn })}.`}
      />
    );
  if (r.status === 'rejected')
    return (
      <Alert
        type="error"
        showIcon
        closable
        style={{ marginBottom: 16 }}
        data-testid="identity-request"
        title={`Оператор отклонил смену реквизитов на ${values(r)}`}
        description={r.reason ? `Причина: ${r.reason}` : undefined}
      />
    );
  return null;
}
