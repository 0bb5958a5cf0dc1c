import { hasBank1cSignature } from './bank1c/decode';
import { eisKindOfRoot } from './eis223/detect';
import { assertNotEmpty } from './errors';
import { sniffXmlRoot } from './xml';

export type FileFormat = 'eis223' | 'upd' | 'bank1c';

/**
 * Routes an upload to a parser by its first bytes, without parsing it. A hint only: `upd` means "an ФНС XML file"
 * (root <Файл>), and the parser still decides whether it really is an УПД. Throws FormatError only for empty input.
 */
export function detectFormat(buf: Uint8Array): FileFormat | null {
  assertNotEmpty(buf);
  if (hasBank1cSignature(buf)) return 'bank1c';
  const root = sniffXmlRoot(buf);
  if (!root) return null;
  if (eisKindOfRoot(root)) return 'eis223';
  if (root === 'Файл') return 'upd';
  return null;
}
