import type { XmlNode } from '../xml';
import { attr, child } from '../xml-read';
import type { UpdParty } from './types';

/** Participants (СвПрод, СвПокуп) identify themselves in `ИдСв` by one of four variants; the same across 5.01–5.03. */

function personName(node: XmlNode | undefined): string | null {
  const fio = child(node, 'ФИО');
  const parts = [attr(fio, 'Фамилия'), attr(fio, 'Имя'), attr(fio, 'Отчество')].filter((p): p is string => !!p);
  return parts.length ? parts.join(' ') : null;
}

export function readParty(node: XmlNode | undefined): UpdParty | null {
  const id = child(node, 'ИдСв');
  if (!id) return null;
  const org = child(id, 'СвЮЛУч');
  if (org) return { kind: 'organization', name: attr(org, 'НаимОрг'), inn: attr(org, 'ИННЮЛ'), kpp: attr(org, 'КПП') };
  const ip = child(id, 'СвИП');
  if (ip) return { kind: 'entrepreneur', name: personName(ip), inn: attr(ip, 'ИННФЛ'), kpp: null };
  const person = child(id, 'СвФЛУч');
  if (person) return { kind: 'person', name: personName(person), inn: attr(person, 'ИННФЛ'), kpp: null };
  const foreign = child(id, 'СвИнНеУч');
  if (foreign) return { kind: 'foreign', name: attr(foreign, 'НаимОрг'), inn: null, kpp: null };
  return null;
}
