import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import {
  NMCK_MAX_CV,
  NMCK_METHOD_BASIS,
  NMCK_METHOD_TITLES,
  NMCK_SOURCE_KIND_TITLES,
  NMCK_UNIT_PRICE_LABELS,
  type NmckResponse,
} from '@proc/contract';
import type { Ctx } from '../../platform/context';
import { moscowToday, now } from '../../platform/clock';
import { companies } from '../../db/schema';
import { formatDateRu, formatMoneyRu, formatNumberRu, rublesInWords } from '../../formats/docx';
import { buildDocxPackage, clause, empty, h2, p, table, title, LANDSCAPE_TEXT_WIDTH, type RowSpec } from '../../formats/docx/ooxml';
import { buildStreamingXlsx, CELL_BORDER, HEADER_STYLE, MONEY_FORMAT, PERCENT_FORMAT, moneyCell } from '../../formats/xlsx/workbook';
import { getNmck } from './nmck-calculation';
import { loadProcurement } from '../procurements';

interface Justification {
  nmck: NmckResponse;
  procurementNumber: string;
  procurementTitle: string;
  customer: string;
  date: string;
}

async function gather(ctx: Ctx, procurementId: number): Promise<Justification> {
  const nmck = await getNmck(ctx, procurementId);
  const procurement = await loadProcurement(ctx, procurementId);
  const [company] = await ctx.deps.db
    .select({ title: companies.title, fullTitle: companies.fullTitle, inn: companies.inn })
    .from(companies)
    .where(eq(companies.id, ctx.companyId));
  const customer = [company?.fullTitle ?? company?.title ?? '', company?.inn ? `ИНН ${company.inn}` : ''].filter(Boolean).join(', ');
  return { nmck, procurementNumber: procurement.number, procurementTitle: procurement.title, customer, date: moscowToday() };
}

const rub = (v: string) => `${formatMoneyRu(v)} руб.`;
const percent = (v: string) => `${v.replace('.', ',')} %`;

/** The formulas with the figures put in, the same words in the DOCX and the XLSX. */
export function formulaLines(n: NmckResponse): string[] {
  const r = n.result;
  const quantity = formatNumberRu(n.quantity);
  if (n.method !== 'market') {
    if (r.nmck === null || r.unit_price === null) return ['Расчёт не выполнен: не указана цена единицы.'];
    return [`НМЦК = v × Ц = ${quantity} × ${formatMoneyRu(r.unit_price)} = ${rub(r.nmck)}`];
  }
  if (r.count === 0 || r.mean === null) return ['Расчёт не выполнен: нет учтённых цен.'];
  const included = n.sources.filter((s) => !s.excluded);
  const sum = included.reduce((s, x) => s.plus(x.unit_price), new Decimal(0)).toFixed(2);
  const lines = [
    `Количество учтённых цен n = ${r.count}${r.enough ? '' : ' (меньше трёх: выборка недостаточна)'}`,
    `Средняя цена единицы <ц> = (ц₁ + … + цₙ) / n = ${formatMoneyRu(sum)} / ${r.count} = ${rub(r.mean)}`,
  ];
  if (r.std_dev !== null) lines.push(`Среднее квадратичное отклонение σ = √(Σ(цᵢ − <ц>)² / (n − 1)) = ${rub(r.std_dev)}`);
  if (r.cv !== null) {
    lines.push(
      `Коэффициент вариации V = σ / <ц> × 100 % = ${percent(r.cv)} — ${r.uniform ? `не больше ${NMCK_MAX_CV} %: совокупность цен однородна` : `больше ${NMCK_MAX_CV} %: совокупность цен неоднородна`}`,
    );
  }
  lines.push(
    `НМЦК = v × <ц> = ${quantity} × ${formatMoneyRu(r.mean)} = ${rub(r.nmck!)} (с точностью до копейки, округление по правилам арифметики от неокруглённой средней цены)`,
  );
  return lines;
}

const sourceStatus = (s: NmckResponse['sources'][number]) => (s.excluded ? `Не учтена: ${s.exclude_reason ?? ''}` : 'Учтена');

/** «Обоснование НМЦК» as a Word document: the object, the method and its legal basis, the sources, the formulas. */
export async function buildJustificationDocx(ctx: Ctx, procurementId: number): Promise<{ name: string; data: Buffer }> {
  const j = await gather(ctx, procurementId);
  const n = j.nmck;
  const r = n.result;
  const W = LANDSCAPE_TEXT_WIDTH;
  const parts: string[] = [
    title('Обоснование начальной (максимальной) цены контракта'),
    p(`к закупке № ${j.procurementNumber} «${j.procurementTitle}»`, { align: 'center' }),
    empty(),
    clause('1.', `Заказчик: ${j.customer}`),
    clause(
      '2.',
      `Объект закупки: ${n.subject ?? j.procurementTitle}; единица измерения: ${n.unit ?? '—'}; количество (v): ${formatNumberRu(n.quantity)}`,
    ),
    clause('3.', `Метод определения НМЦК: ${NMCK_METHOD_TITLES[n.method]}`),
    clause('4.', `Правовое основание: ${NMCK_METHOD_BASIS[n.method]}`),
  ];
  if (n.method === 'market') {
    parts.push(h2('5. Источники ценовой информации'));
    const widths = [500, 2400, 2800, 4570, 1300, 1700, 1300];
    const rows: RowSpec[] = [
      { header: true, cells: ['№', 'Вид источника', 'Поставщик (источник)', 'Реквизиты', 'Дата', 'Цена единицы, руб.', 'В расчёте'] },
      ...n.sources.map((s, i) => ({
        cells: [
          String(i + 1),
          NMCK_SOURCE_KIND_TITLES[s.kind],
          s.supplier ?? '',
          s.requisites ?? '',
          formatDateRu(s.price_date) ?? '',
          { content: formatMoneyRu(s.unit_price), align: 'right' as const },
          sourceStatus(s),
        ],
      })),
    ];
    if (!n.sources.length) rows.push({ cells: [{ content: 'Источники не указаны', span: 7 }] });
    parts.push(
      table(
        widths.map((w) => Math.round((w * W) / widths.reduce((a, b) => a + b, 0))),
        rows,
      ),
    );
    parts.push(h2('6. Расчёт'));
  } else {
    parts.push(clause('5.', `${NMCK_UNIT_PRICE_LABELS[n.method]}: ${n.unit_price ? rub(n.unit_price) : '—'}`));
    parts.push(clause('', `Основание: ${n.basis ?? '—'}`));
    parts.push(h2('6. Расчёт'));
  }
  for (const line of formulaLines(n)) parts.push(p(line, { indentFirstLine: 709 }));
  if (n.method === 'market' && n.basis) parts.push(p(`Пояснения: ${n.basis}`, { indentFirstLine: 709 }));
  parts.push(empty());
  parts.push(
    r.nmck !== null
      ? clause('7.', [`Начальная (максимальная) цена контракта: ${rub(r.nmck)} (${rublesInWords(r.nmck)}).`])
      : clause('7.', 'Начальная (максимальная) цена контракта не определена.'),
  );
  if (r.problems.length) parts.push(clause('', `Замечания: ${r.problems.join('; ')}.`));
  parts.push(clause('8.', `Дата подготовки обоснования: ${formatDateRu(j.date)}`));
  const data = buildDocxPackage({ title: 'Обоснование НМЦК', body: parts.join(''), page: { landscape: true }, date: now() });
  return { name: `Обоснование НМЦК ${j.procurementNumber}.docx`, data };
}

/**
 * The same justification as a workbook: the sources as numbers and the figures as Excel formulas (AVERAGE, STDEV —
 * the sample deviation with n − 1 — and ROUND to kopecks), each with the value this server computed as its cached
 * result, so the file reads right before Excel recalculates and a reader can check one against the other.
 */
export async function buildJustificationXlsx(ctx: Ctx, procurementId: number): Promise<{ name: string; data: Buffer }> {
  const j = await gather(ctx, procurementId);
  const n = j.nmck;
  const r = n.result;
  const data = await buildStreamingXlsx((wb) => {
    const ws = wb.addWorksheet('Обоснование НМЦК');
    ws.columns = [{ width: 6 }, { width: 28 }, { width: 32 }, { width: 48 }, { width: 12 }, { width: 18 }, { width: 30 }, { width: 18 }];
    const text = (values: unknown[], bold = false) => {
      const row = ws.addRow(values);
      if (bold) row.font = { bold: true };
      row.commit();
    };
    text(['Обоснование начальной (максимальной) цены контракта'], true);
    text([`Закупка № ${j.procurementNumber} «${j.procurementTitle}»`]);
    text([`Заказчик: ${j.customer}`]);
    text([`Метод: ${NMCK_METHOD_TITLES[n.method]}`]);
    text([`Правовое основание: ${NMCK_METHOD_BASIS[n.method]}`]);
    text([`Объект закупки: ${n.subject ?? j.procurementTitle}; единица измерения: ${n.unit ?? '—'}`]);
    const quantityRow = ws.addRow(['', 'Количество (v)', Number(n.quantity)]);
    quantityRow.commit();
    const qRef = `C${quantityRow.number}`;
    text([]);
    if (n.method !== 'market') {
      const priceRow = ws.addRow(['', NMCK_UNIT_PRICE_LABELS[n.method], n.unit_price ? moneyCell(n.unit_price) : null]);
      priceRow.getCell(3).numFmt = MONEY_FORMAT;
      priceRow.commit();
      text(['', 'Основание', n.basis ?? '']);
      const total = ws.addRow([
        '',
        'НМЦК, руб.',
        { formula: `ROUND(${qRef}*C${priceRow.number},2)`, result: r.nmck ? moneyCell(r.nmck) : 0 },
      ]);
      total.getCell(3).numFmt = MONEY_FORMAT;
      total.font = { bold: true };
      total.commit();
      return;
    }
    const header = ws.addRow([
      '№',
      'Вид источника',
      'Поставщик (источник)',
      'Реквизиты',
      'Дата',
      'Цена единицы, руб.',
      'В расчёте',
      'Цена в расчёте, руб.',
    ]);
    header.eachCell((c) => (c.style = HEADER_STYLE));
    header.commit();
    const first = header.number + 1;
    n.sources.forEach((s, i) => {
      const row = ws.addRow([
        i + 1,
        NMCK_SOURCE_KIND_TITLES[s.kind],
        s.supplier ?? '',
        s.requisites ?? '',
        s.price_date ? new Date(`${s.price_date}T00:00:00Z`) : '',
        moneyCell(s.unit_price),
        sourceStatus(s),
        s.excluded ? null : moneyCell(s.unit_price),
      ]);
      row.getCell(5).numFmt = 'dd.mm.yyyy';
      row.getCell(6).numFmt = MONEY_FORMAT;
      row.getCell(8).numFmt = MONEY_FORMAT;
      row.eachCell({ includeEmpty: true }, (c) => (c.border = CELL_BORDER));
      row.commit();
    });
    const last = Math.max(first, first + n.sources.length - 1);
    const range = `H${first}:H${last}`;
    text([]);
    const figure = (label: string, formula: string, result: number | null, format?: string) => {
      const row = ws.addRow(['', label, { formula, result: result ?? 0 }]);
      if (format) row.getCell(3).numFmt = format;
      row.commit();
      return row.number;
    };
    figure('Количество учтённых цен (n)', `COUNT(${range})`, r.count);
    figure('Средняя цена <ц>, руб.', `ROUND(AVERAGE(${range}),2)`, r.mean ? moneyCell(r.mean) : null, MONEY_FORMAT);
    figure('Среднее квадратичное отклонение σ, руб.', `ROUND(STDEV(${range}),2)`, r.std_dev ? moneyCell(r.std_dev) : null, MONEY_FORMAT);
    figure(
      'Коэффициент вариации V',
      `ROUND(STDEV(${range})/AVERAGE(${range}),4)`,
      r.cv ? Number(new Decimal(r.cv).div(100).toFixed(4, Decimal.ROUND_HALF_UP)) : null,
      PERCENT_FORMAT,
    );
    const total = ws.addRow([
      '',
      'НМЦК = v × <ц>, руб.',
      { formula: `ROUND(${qRef}*AVERAGE(${range}),2)`, result: r.nmck ? moneyCell(r.nmck) : 0 },
    ]);
    total.getCell(3).numFmt = MONEY_FORMAT;
    total.font = { bold: true };
    total.commit();
    text([]);
    for (const line of formulaLines(n)) text(['', line]);
    if (r.problems.length) text(['', `Замечания: ${r.problems.join('; ')}`]);
    text(['', `Дата подготовки обоснования: ${formatDateRu(j.date)}`]);
  });
  return { name: `Обоснование НМЦК ${j.procurementNumber}.xlsx`, data };
}
