import type { PartyLookupResponse } from '@proc/contract';

/** DaData-compatible `findById/party` client; null when the service is not configured or finds nothing. */
export async function findPartyByInn(opts: { url?: string; key?: string }, inn: string): Promise<PartyLookupResponse | null> {
  if (!opts.url || !opts.key) return null;
  const res = await fetch(`${opts.url.replace(/\/$/, '')}/suggestions/api/4_1/rs/findById/party`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Token ${opts.key}` },
    body: JSON.stringify({ query: inn, count: 1 }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`company lookup answered ${res.status}`);
  const body = (await res.json()) as { suggestions?: { value: string; data: DadataParty }[] };
  const s = body.suggestions?.[0];
  if (!s) return null;
  const d = s.data;
  return {
    inn: d.inn,
    kpp: d.kpp ?? null,
    ogrn: d.ogrn ?? null,
    title: d.name?.short_with_opf ?? s.value,
    full_title: d.name?.full_with_opf ?? null,
    address: d.address?.unrestricted_value ?? d.address?.value ?? null,
    director: d.management?.name ?? null,
    status: d.state?.status ?? null,
  };
}

interface DadataParty {
  inn: string;
  kpp?: string;
  ogrn?: string;
  name?: { short_with_opf?: string; full_with_opf?: string };
  address?: { value?: string; unrestricted_value?: string };
  management?: { name?: string; post?: string };
  state?: { status?: string };
}
