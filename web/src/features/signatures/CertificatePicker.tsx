import { Alert, Button, List, Modal, Space, Tag, Typography } from 'antd';
import type { BrowserCertificate } from './cryptopro';
import { refusal, ruDate } from './usable';

interface Props {
  open: boolean;
  certificates: BrowserCertificate[];
  company: { inn: string | null; personInn: string | null };
  loading?: boolean;
  onPick: (c: BrowserCertificate) => void;
  onCancel: () => void;
}

/** The user's certificates: owner, ИНН/ОГРН, issuer, valid to; those that cannot sign here are shown with why. */
export function CertificatePicker({ open, certificates, company, loading, onPick, onCancel }: Props) {
  return (
    <Modal open={open} title="Выберите сертификат для подписи" onCancel={onCancel} footer={null} width={720} destroyOnHidden>
      {certificates.length === 0 ? (
        <Alert
          type="warning"
          showIcon
          title="В хранилище «Личное» нет сертификатов: вставьте носитель ключа и установите сертификат через КриптоПро CSP"
        />
      ) : (
        <List<BrowserCertificate>
          dataSource={certificates}
          data-testid="certificate-list"
          renderItem={(c) => {
            const why = refusal(c, company);
            return (
              <List.Item
                data-testid={`certificate-${c.thumbprint}`}
                actions={[
                  <Button
                    key="pick"
                    type="primary"
                    disabled={!!why}
                    loading={loading}
                    onClick={() => onPick(c)}
                    data-testid="certificate-pick"
                  >
                    Подписать
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={
                    <Space wrap>
                      <span>{c.owner}</span>
                      {c.organization && <Typography.Text type="secondary">{c.organization}</Typography.Text>}
                    </Space>
                  }
                  description={
                    <Space direction="vertical" size={2}>
                      <span>
                        {c.innLe && `ИНН ЮЛ ${c.innLe} · `}
                        {c.inn && `ИНН ${c.inn} · `}
                        {c.ogrn && `ОГРН ${c.ogrn} · `}
                        Выдан: {c.issuer} · Действителен до {ruDate(c.validTo)}
                      </span>
                      {why && (
                        <Tag color="red" data-testid="certificate-refusal">
                          {why}
                        </Tag>
                      )}
                      {!why && !c.chainValid && (
                        <Tag color="orange">КриптоПро не проверил цепочку: установите сертификаты удостоверяющего центра</Tag>
                      )}
                    </Space>
                  }
                />
              </List.Item>
            );
          }}
        />
      )}
    </Modal>
  );
}
