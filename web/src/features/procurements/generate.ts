import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentKind } from '@proc/contract';
import { noticeStore } from '../../lib/notices';
import { SocketError } from '../../lib/socket';
import { useSelectedCompany } from '../../lib/session';
import { procurementsApi } from './api';

export interface GenerateInput {
  values?: Record<string, Record<string, unknown>>;
  templates?: DocumentKind[];
}

/**
 * The readyDocument triad with its notices: pending, done, or refused with the server's words (a SocketError carries
 * the missing fields for the caller to list). Every view of the purchase and its documents is refreshed after it.
 */
export function useGenerateDocuments(id: number, opts: { onSuccess?: () => void } = {}) {
  const company = useSelectedCompany();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ values = {}, templates }: GenerateInput) => {
      const key = `ready-${id}`;
      noticeStore.show({
        key,
        kind: 'pending',
        header: 'Формирование документации',
        message: 'Документы формируются, это может занять до минуты',
      });
      try {
        const r = await procurementsApi.readyDocument(id, company, values, templates);
        noticeStore.show({ key, kind: 'success', header: 'Документация сформирована', message: `Сформировано файлов: ${r.files.length}` });
        return r;
      } catch (err) {
        noticeStore.show({
          key,
          kind: 'error',
          header: 'Не удалось сформировать документацию',
          // the missing fields are listed on the documentation screen, each a link; the notice only counts them
          message:
            err instanceof SocketError && err.fields
              ? `Не заполнены обязательные поля (${Object.keys(err.fields).length}) — заполните их в документации о закупке`
              : err instanceof Error
                ? err.message
                : String(err),
        });
        throw err;
      }
    },
    onSuccess: () => opts.onSuccess?.(),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['documentUserfields', company, id] });
      void qc.invalidateQueries({ queryKey: ['procurement', company, id] });
      void qc.invalidateQueries({ queryKey: ['procurement-files', company, id] });
      void qc.invalidateQueries({ queryKey: ['procurements'] });
    },
  });
}
