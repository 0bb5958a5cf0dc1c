import { X509Certificate } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { TestPki } from '../server/test/pki/test-pki';

/**
 * A test stand-in for the CryptoPro Browser plug-in, injected by the e2e harness only (page.addInitScript) — never part
 * of the web build (signatures.e2e.ts greps web/dist for MARKER). It implements the plug-in's published asynchronous
 * object model as cadesplugin_api.js exposes it (the constants of its set_constantValues; CreateObjectAsync of
 * "CAdESCOM.About", "CAdESCOM.Store", "CAdESCOM.CPSigner", "CAdESCOM.CadesSignedData"; propset_* setters; properties
 * as promises; Item(i) from 1; SignCades(signer, CADESCOM_CADES_BES, detached)) — as CryptoPro's own samples use it
 * (CryptoPro/… async_code.js, e.g. yaoyingkeji/Rukovoditel js/cryptopro/cades/async_code.js). It signs in Node with the
 * test PKI's keys, through a function the test exposes to the page.
 */
export const MARKER = 'E2E_CADESPLUGIN_STAND_IN_7f3a';

interface StandInCert {
  thumbprint: string;
  subject: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  hasPrivateKey: boolean;
  name: string;
}

/** CryptoPro's SubjectName spelling: "CN=…, SN=…, G=…, ИНН=…, ИНН ЮЛ=…, ОГРН=…, СНИЛС=…, O=…, C=RU". */
function cryptoProDn(x509Name: string): string {
  const names: Record<string, string> = { GN: 'G', INN: 'ИНН', INNLE: 'ИНН ЮЛ', '1.2.643.100.4': 'ИНН ЮЛ', OGRN: 'ОГРН', SNILS: 'СНИЛС' };
  return x509Name
    .split('\n')
    .map((l) => {
      const eq = l.indexOf('=');
      const k = l.slice(0, eq);
      const v = l.slice(eq + 1).replace(/\\(.)/g, '$1');
      return `${names[k] ?? k}=${/[,"]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v}`;
    })
    .join(', ');
}

export function standInCertificates(pki: TestPki, names: string[]): StandInCert[] {
  return names.map((name) => {
    const x = new X509Certificate(pki.certs[name].pem);
    return {
      name,
      thumbprint: x.fingerprint.replace(/:/g, ''),
      subject: cryptoProDn(x.subject),
      issuer: cryptoProDn(x.issuer),
      validFrom: new Date(x.validFrom).toISOString(),
      validTo: new Date(x.validTo).toISOString(),
      hasPrivateKey: true,
    };
  });
}

/** Puts the stand-in into every page of the context, before the app's scripts; signing goes to `pki` in Node. */
export async function installCadesStandIn(
  page: Page,
  pki: TestPki,
  certs: StandInCert[],
  opts: { tamper?: () => boolean } = {},
): Promise<void> {
  await page.exposeFunction('__e2eCadesSign', async (name: string, contentBase64: string) => {
    let bytes = Buffer.from(contentBase64, 'base64');
    if (opts.tamper?.()) bytes = Buffer.concat([bytes, Buffer.from(' ')]);
    return (await pki.sign(name, bytes)).toString('base64');
  });
  // plain JavaScript in a string: a function would be serialised after the test's transform (helpers it adds do not
  // exist in the page)
  await page.addInitScript(`(() => {
    const certs = ${JSON.stringify(certs)};
    const later = (v) => Promise.resolve(v);
    const certObject = (c) => ({
      __name: c.name,
      Thumbprint: later(c.thumbprint),
      SubjectName: later(c.subject),
      IssuerName: later(c.issuer),
      ValidFromDate: later(c.validFrom),
      ValidToDate: later(c.validTo),
      HasPrivateKey: () => later(c.hasPrivateKey),
      IsValid: () => later({ Result: later(true) }),
    });
    const version = (s) => {
      const [a, b, c] = s.split('.').map(Number);
      return { MajorVersion: later(a), MinorVersion: later(b), BuildVersion: later(c), toString: () => later(s) };
    };
    const objects = {
      'CAdESCOM.About': () => ({ PluginVersion: later(version('2.0.15400')), CSPVersion: () => later(version('5.0.13000')) }),
      'CAdESCOM.Store': () => {
        const list = certs.map(certObject);
        return { Open: () => later(undefined), Close: () => later(undefined), Certificates: later({ Count: later(list.length), Item: (i) => later(list[i - 1]) }) };
      },
      'CAdESCOM.CPSigner': () => {
        const s = { cert: null, propset_Certificate(c) { s.cert = c; return later(undefined); } };
        return s;
      },
      'CAdESCOM.CadesSignedData': () => {
        const d = {
          encoding: 0,
          content: '',
          propset_ContentEncoding(v) { d.encoding = v; return later(undefined); },
          propset_Content(v) { d.content = v; return later(undefined); },
          async SignCades(signer, type, detached) {
            // base64 content is signed as binary only with CADESCOM_BASE64_TO_BINARY (1); CAdES-BES is 1
            if (d.encoding !== 1 || type !== 1 || detached !== true || !signer.cert) throw new Error('stand-in: unexpected use of the object model (0x80070057)');
            return window.__e2eCadesSign(signer.cert.__name, d.content);
          },
        };
        return d;
      },
    };
    window.cadesplugin = Object.assign(Promise.resolve(), {
      ${JSON.stringify(MARKER)}: true,
      CAPICOM_CURRENT_USER_STORE: 2,
      CAPICOM_MY_STORE: 'My',
      CAPICOM_STORE_OPEN_MAXIMUM_ALLOWED: 2,
      CADESCOM_BASE64_TO_BINARY: 1,
      CADESCOM_CADES_BES: 1,
      CreateObjectAsync: (name) => (objects[name] ? later(objects[name]()) : Promise.reject(new Error('stand-in: no object ' + name))),
      getLastError: (e) => (e && e.message) || String(e),
    });
  })();`);
}
