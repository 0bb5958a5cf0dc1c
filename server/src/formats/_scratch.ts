import fs from 'node:fs';
import { fixturePath } from './fixtures-path';
import { parseEisFile } from './eis223/parse';
import { parseXml, decodeXml } from './xml';
import { XMLValidator } from 'fast-xml-parser';
const buf = fs.readFileSync(fixturePath('eis223', 'purchasePlan_test.xml'));
for (let i = 0; i < 4; i++) {
  let t = performance.now();
  const { text } = decodeXml(buf); const a = performance.now() - t; t = performance.now();
  XMLValidator.validate(text); const b = performance.now() - t; t = performance.now();
  parseXml(buf); const c = performance.now() - t; t = performance.now();
  parseEisFile(buf); const d = performance.now() - t;
  console.log({ decode: a.toFixed(0), validate: b.toFixed(0), parseXml: c.toFixed(0), full: d.toFixed(0) });
}
