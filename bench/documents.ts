/**
 * Document generation: the DOCX documentation pack (renderTemplate for each of the templates, with the sample
 * values) and Excel reports of ROWS rows — the contract execution report with ROWS positions and the register export.
 *
 *   npx tsx bench/documents.ts           # 10,000 rows
 *   REPORT_ROWS=1000 RUNS=3 npx tsx bench/documents.ts
 */
import { TEMPLATE_CODES, renderTemplate } from '../server/src/formats/docx';
import { SAMPLE_TEMPLATE_DATA } from '../server/src/formats/docx/sample-data';
import { buildContractExecutionReportXlsx, buildRegisterXlsx, type RegisterColumn } from '../server/src/formats/xlsx';
import { SAMPLE_EXECUTION_REPORT } from '../server/src/formats/xlsx/sample-report';

const ROWS = Number(process.env.REPORT_ROWS ?? 10_000);
const RUNS = Number(process.env.RUNS ?? 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timed(fn: () => Promise<Buffer>): Promise<{ ms: number; bytes: number }> {
  await fn(); // warm-up: templates read and code compiled once
  const ms: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    bytes = (await fn()).length;
    ms.push(performance.now() - t0);
  }
  return { ms: median(ms), bytes };
}

async function main() {
  console.log(`document generation, median of ${RUNS} runs after a warm-up`);
  // The whole pack is rendered once before any timing: otherwise the first template timed also pays for compiling
  // the code every template shares (docxtemplater, pizzip), a one-off cost a running server has long paid.
  for (const code of TEMPLATE_CODES) await renderTemplate(code, SAMPLE_TEMPLATE_DATA[code]);
  let pack = 0;
  for (const code of TEMPLATE_CODES) {
    const r = await timed(() => renderTemplate(code, SAMPLE_TEMPLATE_DATA[code]));
    pack += r.ms;
    console.log(`  DOCX ${code.padEnd(28)} ${r.ms.toFixed(1).padStart(7)} ms  ${Math.round(r.bytes / 1024)} KB`);
  }
  console.log(`DOCX documentation pack (${TEMPLATE_CODES.length} templates): ${pack.toFixed(0)} ms (goal ≤ 300 ms)`);

  const [p1, p2] = SAMPLE_EXECUTION_REPORT.positions;
  const positions = Array.from({ length: ROWS }, (_, i) => ({ ...(i % 2 ? p2 : p1), name: `${(i % 2 ? p2 : p1).name}, партия ${i + 1}` }));
  const report = await timed(() => buildContractExecutionReportXlsx({ ...SAMPLE_EXECUTION_REPORT, positions }));
  console.log(
    `XLSX contract execution report, ${ROWS.toLocaleString('en')} positions: ${report.ms.toFixed(0)} ms, ${Math.round(report.bytes / 1024)} KB (goal ≤ 2 s)`,
  );

  const columns: RegisterColumn[] = [
    { key: 'number', header: 'Номер' },
    { key: 'title', header: 'Наименование' },
    { key: 'method', header: 'Способ' },
    { key: 'nmcd', header: 'НМЦД', type: 'money' },
    { key: 'published', header: 'Дата публикации', type: 'date' },
    { key: 'status', header: 'Статус' },
  ];
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    number: `2025-${String(i + 1).padStart(6, '0')}`,
    title: `Поставка офисной бумаги, лот ${i + 1}`,
    method: 'Запрос котировок в электронной форме',
    nmcd: `${(i * 7919) % 10_000_000}.${String(i % 100).padStart(2, '0')}`,
    published: `2025-0${1 + (i % 9)}-1${i % 10}`,
    status: 'Опубликована',
  }));
  const register = await timed(() => buildRegisterXlsx(rows, columns, { title: 'Реестр закупок', totals: true }));
  console.log(
    `XLSX register export, ${ROWS.toLocaleString('en')} rows: ${register.ms.toFixed(0)} ms, ${Math.round(register.bytes / 1024)} KB`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
