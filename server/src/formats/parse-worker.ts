/** A parser thread: runs one format parser per message, so a heavy file never stalls the server's event loop. */
import { parentPort } from 'node:worker_threads';
import { FormatError } from './errors';
import { parseBank1c } from './bank1c/parse';
import { parseUpd } from './upd/parse';
import { parseEisFile } from './eis223/parse';

const PARSERS = { eis: parseEisFile, upd: parseUpd, bank1c: parseBank1c } as const;
export type ParseKind = keyof typeof PARSERS;

export interface ParseTask {
  id: number;
  kind: ParseKind;
  data: Uint8Array;
}
export type ParseAnswer =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; formatError: { code: FormatError['code']; message: string; details?: string } | null; message: string };

parentPort?.on('message', (task: ParseTask) => {
  let answer: ParseAnswer;
  try {
    answer = { id: task.id, ok: true, result: PARSERS[task.kind](task.data) };
  } catch (e) {
    answer = {
      id: task.id,
      ok: false,
      formatError: e instanceof FormatError ? { code: e.code, message: e.message, details: e.details } : null,
      message: e instanceof Error ? e.message : String(e),
    };
  }
  parentPort!.postMessage(answer);
});
