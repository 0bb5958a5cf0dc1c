import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { noticeStore } from '../../lib/notices';
import { useSelectedCompany } from '../../lib/session';
import { CertificatePicker } from './CertificatePicker';
import { cryptoProProvider, type BrowserCertificate } from './cryptopro';
import { signaturesApi } from './api';

/**
 * Signing from a screen: `sign(bytes)` asks the user for a certificate (the picker) and returns the detached CMS in
 * base64; null when the user closed the picker. Errors of the plug-in come as notices in Russian.
 */
export function useSigner(
  // `personal`: the user signs as themselves (a commission member's decision), not for the organisation — no
  // «право подписи» is needed; the server checks the certificate is of this organisation
  opts: { personal?: boolean } = {},
): { sign: (bytes: Uint8Array) => Promise<string | null>; picker: ReactNode; maySign: boolean | undefined } {
  const company = useSelectedCompany();
  const status = useQuery({ queryKey: ['signatures', company, 'status'], queryFn: signaturesApi.status });
  const provider = useMemo(() => (status.data ? cryptoProProvider(status.data.plugin_api_url) : null), [status.data]);
  const [certs, setCerts] = useState<BrowserCertificate[] | null>(null);
  const [busy, setBusy] = useState(false);
  const pending = useRef<{ bytes: Uint8Array; resolve: (s: string | null) => void; reject: (e: unknown) => void } | null>(null);

  const sign = useCallback(
    async (bytes: Uint8Array) => {
      if (!provider || !status.data) throw new Error('Проверка подписи ещё не готова');
      if (!status.data.may_sign && !opts.personal) {
        noticeStore.show({
          kind: 'error',
          header: 'Подпись',
          message: 'Нет права подписи за организацию: его даёт администратор организации',
        });
        return null;
      }
      try {
        setCerts(await provider.listCertificates());
      } catch (e) {
        noticeStore.show({ kind: 'error', header: 'Подпись', message: (e as Error).message });
        return null;
      }
      return new Promise<string | null>((resolve, reject) => {
        pending.current = { bytes, resolve, reject };
      });
    },
    [provider, status.data, opts.personal],
  );

  const close = () => {
    pending.current?.resolve(null);
    pending.current = null;
    setCerts(null);
  };
  const pick = async (c: BrowserCertificate) => {
    const p = pending.current;
    if (!p || !provider) return;
    setBusy(true);
    try {
      const signature = await provider.sign(p.bytes, c.thumbprint);
      pending.current = null;
      setCerts(null);
      p.resolve(signature);
    } catch (e) {
      noticeStore.show({ kind: 'error', header: 'Подпись', message: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const picker = (
    <CertificatePicker
      open={certs !== null}
      certificates={certs ?? []}
      company={{ inn: status.data?.company_inn ?? null, personInn: status.data?.person_inn ?? null }}
      loading={busy}
      onPick={(c) => void pick(c)}
      onCancel={close}
    />
  );
  return { sign, picker, maySign: status.data?.may_sign };
}
