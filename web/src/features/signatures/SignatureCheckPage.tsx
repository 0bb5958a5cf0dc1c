import { useState } from 'react';
import { Alert, Button, Card, Descriptions, List, Space, Spin, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { SignatureCheckResponse } from '@proc/contract';
import { useSelectedCompany, useSession } from '../../lib/session';
import { SigningRightsCard } from './SigningRightsCard';
import { cryptoProProvider, SignatureError, type BrowserCertificate, type PluginInfo } from './cryptopro';
import { signaturesApi } from './api';
import { refusal, ruDate, verdictText } from './usable';
import { useSigner } from './useSigner';
import { now } from '../../lib/clock';

const INSTALL =
  'Установите «КриптоПро ЭЦП Browser plug-in» (cryptopro.ru/products/cades/plugin) и расширение «CryptoPro Extension for CAdES Browser Plug-in» для браузера, затем перезапустите браузер.';
const ENABLE =
  'Откройте список расширений браузера и включите «CryptoPro Extension for CAdES Browser Plug-in»; после обновления браузера расширение бывает выключено.';

interface Diagnosis {
  plugin: PluginInfo | null;
  certificates: BrowserCertificate[];
  problem: { message: string; todo: string } | null;
}

function todoFor(e: unknown): { message: string; todo: string } {
  const err = e instanceof SignatureError ? e : new SignatureError(String((e as Error)?.message ?? e), 'other');
  const todo = {
    not_installed: INSTALL,
    not_enabled: ENABLE,
    no_csp: 'Установите КриптоПро CSP 5.0 (cryptopro.ru/products/csp) — без него плагин не может подписывать.',
    licence: 'Откройте «КриптоПро CSP» → «Общие» → «Ввод лицензии» и введите серийный номер; срок лицензии показан там же.',
    chain:
      'Установите корневой сертификат и сертификаты удостоверяющего центра в хранилища «Доверенные корневые центры» и «Промежуточные центры».',
    cancelled: 'Повторите и введите PIN-код носителя.',
    other: 'Повторите попытку; если ошибка повторяется, сообщите её текст в поддержку.',
  }[err.kind];
  return { message: err.message, todo };
}

/** /profile/signature: whether signing works on this computer, and what to do where it does not. */
export default function SignatureCheckPage() {
  const company = useSelectedCompany();
  const status = useQuery({ queryKey: ['signatures', company, 'status'], queryFn: signaturesApi.status });
  const diagnosis = useQuery({
    queryKey: ['signatures', 'diagnosis', status.data?.plugin_api_url],
    enabled: !!status.data,
    retry: false,
    queryFn: async (): Promise<Diagnosis> => {
      const provider = cryptoProProvider(status.data!.plugin_api_url);
      let plugin: PluginInfo | null = null;
      try {
        plugin = await provider.about();
        return { plugin, certificates: await provider.listCertificates(), problem: null };
      } catch (e) {
        return { plugin, certificates: [], problem: todoFor(e) };
      }
    },
  });
  const { sign, picker } = useSigner();
  const role = useSession()?.user.role;
  const manager = role === 'admin' || role === 'administrator';
  const [test, setTest] = useState<SignatureCheckResponse | null>(null);
  const [testing, setTesting] = useState(false);
  const runTest = async () => {
    setTest(null);
    const text = new TextEncoder().encode(`Проверка подписи ${now().toISOString()}`);
    setTesting(true);
    try {
      const signature = await sign(text);
      if (!signature) return;
      let bin = '';
      for (const b of text) bin += String.fromCharCode(b);
      setTest(await signaturesApi.check(btoa(bin), signature));
    } finally {
      setTesting(false);
    }
  };

  if (!status.data || diagnosis.isLoading) return <Spin />;
  const d = diagnosis.data;
  const companyInfo = { inn: status.data.company_inn, personInn: status.data.person_inn };
  const usable = (d?.certificates ?? []).filter((c) => !refusal(c, companyInfo));
  return (
    <Space direction="vertical" style={{ width: '100%', maxWidth: 860 }} size="middle">
      <Card title="Проверка подписи" data-testid="signature-check">
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="КриптоПро ЭЦП Browser plug-in">
            {d?.plugin ? (
              <Tag color="green" data-testid="plugin-version">
                установлен, версия {d.plugin.pluginVersion}
              </Tag>
            ) : (
              <Tag color="red">не найден</Tag>
            )}
          </Descriptions.Item>
          <Descriptions.Item label="КриптоПро CSP">
            {d?.plugin?.cspVersion ? (
              <Tag color="green" data-testid="csp-version">
                версия {d.plugin.cspVersion}
              </Tag>
            ) : d?.plugin ? (
              <Tag color="red">не найден</Tag>
            ) : (
              '—'
            )}
          </Descriptions.Item>
          <Descriptions.Item label="Право подписи за организацию">
            {status.data.may_sign ? (
              <Tag color="green">есть{status.data.mchd_number ? ` (по МЧД № ${status.data.mchd_number})` : ''}</Tag>
            ) : (
              <Tag color="orange">нет — его даёт администратор организации</Tag>
            )}
          </Descriptions.Item>
          <Descriptions.Item label="Проверка подписей на сервере">
            {status.data.engine.ok ? <Tag color="green">работает</Tag> : <Tag color="red">{status.data.engine.message}</Tag>}
          </Descriptions.Item>
        </Descriptions>
        {d?.problem && (
          <Alert
            style={{ marginTop: 16 }}
            type="error"
            showIcon
            title={d.problem.message}
            description={d.problem.todo}
            data-testid="signature-problem"
          />
        )}
        {d?.plugin && d.plugin.cspVersion === null && (
          <Alert
            style={{ marginTop: 16 }}
            type="error"
            showIcon
            title="КриптоПро CSP не найден"
            description="Установите КриптоПро CSP 5.0 (cryptopro.ru/products/csp) — без него плагин не может подписывать."
          />
        )}
      </Card>
      {d?.plugin && (
        <Card title={`Сертификаты: найдено ${d.certificates.length}, подходят для подписи здесь — ${usable.length}`}>
          <List<BrowserCertificate>
            size="small"
            dataSource={d.certificates}
            locale={{
              emptyText: 'В хранилище «Личное» нет сертификатов: вставьте носитель ключа и установите сертификат через КриптоПро CSP',
            }}
            renderItem={(c) => {
              const why = refusal(c, companyInfo);
              return (
                <List.Item data-testid={`diag-certificate-${c.thumbprint}`}>
                  <Space direction="vertical" size={0}>
                    <Typography.Text strong>{c.owner}</Typography.Text>
                    <Typography.Text type="secondary">
                      {c.innLe ? `ИНН ЮЛ ${c.innLe} · ` : ''}
                      {c.inn ? `ИНН ${c.inn} · ` : ''}
                      {c.issuer} · до {ruDate(c.validTo)}
                    </Typography.Text>
                    {why ? <Tag color="red">{why}</Tag> : <Tag color="green">подходит</Tag>}
                  </Space>
                </List.Item>
              );
            }}
          />
          <Space style={{ marginTop: 16 }} direction="vertical">
            <Button type="primary" onClick={() => void runTest()} loading={testing} disabled={!usable.length} data-testid="signature-test">
              Подписать тестовый текст и проверить на сервере
            </Button>
            {test && (
              <Alert
                type={test.valid ? 'success' : 'error'}
                showIcon
                data-testid="signature-test-result"
                title={test.valid ? verdictText(test) : `Подпись не принята: ${verdictText(test)}`}
                description={test.warnings.join('; ') || undefined}
              />
            )}
          </Space>
        </Card>
      )}
      {manager && <SigningRightsCard />}
      {picker}
    </Space>
  );
}
