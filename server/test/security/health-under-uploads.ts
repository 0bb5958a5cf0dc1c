/**
 * /api/health latency while hostile 20 MB files are being uploaded and parsed (used by the test and by
 * bench/upload-event-loop.ts): the figure that shows whether parsing is off the event loop.
 */
import type { TestServer } from '../harness';

/** Hostile but plausible shapes: each is within the upload limit and each takes real work to refuse. */
export function hostileFiles(bytes: number): { name: string; data: Buffer }[] {
  const fill = (head: string, unit: string, tail: string) => {
    const n = Math.floor((bytes - head.length - tail.length) / Buffer.byteLength(unit));
    return Buffer.from(head + unit.repeat(n) + tail);
  };
  return [
    // 1.3 million elements: a full parse would take seconds; refused as not ЕИС after it
    { name: 'many-elements.xml', data: fill('<?xml version="1.0"?><root>', '<item><name>Товар</name></item>', '</root>') },
    // attributes by the hundred thousand (the probe's shape)
    { name: 'many-attributes.xml', data: fill('<?xml version="1.0"?><root><a ', 'x1="1" ', '/></root>') },
    // deep nesting
    { name: 'deep.xml', data: fill('<?xml version="1.0"?>', '<d>', '') },
    { name: 'many-elements-2.xml', data: fill('<?xml version="1.0"?><contract>', '<position qty="1">Бумага</position>', '</contract>') },
    { name: 'text.xml', data: fill('<?xml version="1.0"?><root>', 'текст без разметки ', '</root>') },
  ];
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.max(0, Math.ceil((p / 100) * xs.length) - 1))];

async function sampleHealth(url: string, until: () => boolean, minMs: number, failed: { n: number }): Promise<number[]> {
  const ms: number[] = [];
  const started = performance.now();
  while (!until() || performance.now() - started < minMs) {
    const t0 = performance.now();
    const r = await fetch(`${url}/api/health`);
    await r.arrayBuffer();
    if (r.status !== 200) failed.n++;
    ms.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 10));
  }
  return ms;
}

export interface HealthFigures {
  baseline: { p50: number; p99: number; max: number; n: number };
  underUploads: { p50: number; p99: number; max: number; n: number };
  statuses: number[];
  messages: string[];
  uploadSeconds: number;
  /** /api/health requests not answered 200 */
  healthFailed: number;
}

const figures = (ms: number[]) => ({ p50: pct(ms, 50), p99: pct(ms, 99), max: Math.max(...ms), n: ms.length });

/** Uploads the five hostile files at once to `route` over HTTP, sampling /api/health meanwhile. */
export async function healthUnderHostileUploads(
  t: TestServer,
  token: string,
  route: string,
  bytes = 19 * 1024 * 1024,
): Promise<HealthFigures> {
  const failed = { n: 0 };
  const baseline = await sampleHealth(t.url, () => true, 1500, failed);
  let finished = false;
  const started = performance.now();
  const uploads = Promise.all(
    hostileFiles(bytes).map(async (f) => {
      const form = new FormData();
      form.append('file', new Blob([f.data]), f.name);
      const r = await fetch(`${t.url}${route}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
      const body = (await r.json().catch(() => ({}))) as { message?: string };
      return { status: r.status, message: body.message ?? '' };
    }),
  ).finally(() => {
    finished = true;
  });
  const under = await sampleHealth(t.url, () => finished, 0, failed);
  const answers = await uploads;
  return {
    baseline: figures(baseline),
    underUploads: figures(under),
    statuses: answers.map((a) => a.status),
    messages: answers.map((a) => a.message),
    uploadSeconds: (performance.now() - started) / 1000,
    healthFailed: failed.n,
  };
}
