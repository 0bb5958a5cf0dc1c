/**
 * The instrumental case of a document's title, for «в соответствии с … и Положением о закупке …».
 *
 * A title starts with a noun phrase in the nominative — adjectives, then the head noun («Единое положение о закупке…»,
 * «Порядок проведения…», «Правила закупок…»); what follows the head noun is already in an oblique case and stays.
 * The rules cover the endings of the nouns and adjectives such titles use; an ending they do not know is left as it
 * is rather than guessed.
 */

/** Neuter plurals in -а/-я that would otherwise read as feminine singulars («Правила» ≠ «Политика»). */
const PLURAL_NOUNS = new Set(['правила', 'условия', 'требования', 'положения', 'основы', 'методические']);

/** Endings that are instrumental already: the user typed «Положением …» himself. */
const INSTRUMENTAL = /(ем|ём|ом|ами|ями|ым|ыми|ими)$/;

const ADJECTIVE = /(ый|ий|ой|ое|ее|ая|яя|ые|ие)$/;
/** Nouns in -ие/-ье are neuter nouns (положение, соглашение), not plural adjectives. */
const NEUTER_NOUN = /(ние|тие|вие|дие|зие|сие|чие|ье)$/;

function replaceEnd(word: string, from: number, to: string): string {
  const stem = word.slice(0, word.length - from);
  const upper = word.length > 0 && word === word.toUpperCase() && /[А-ЯЁ]/.test(word);
  return stem + (upper ? to.toUpperCase() : to);
}

function adjective(word: string): { text: string; plural: boolean } {
  const w = word.toLowerCase();
  if (w.endsWith('ые')) return { text: replaceEnd(word, 2, 'ыми'), plural: true };
  if (w.endsWith('ие')) return { text: replaceEnd(word, 2, 'ими'), plural: true };
  if (w.endsWith('ая')) return { text: replaceEnd(word, 2, 'ой'), plural: false };
  if (w.endsWith('яя')) return { text: replaceEnd(word, 2, 'ей'), plural: false };
  if (w.endsWith('ее') || w.endsWith('ий')) return { text: replaceEnd(word, 2, 'им'), plural: false };
  return { text: replaceEnd(word, 2, 'ым'), plural: false }; // -ый, -ой, -ое
}

function noun(word: string, plural: boolean): string {
  const w = word.toLowerCase();
  if (plural || PLURAL_NOUNS.has(w)) {
    if (/[ая]$/.test(w)) return replaceEnd(word, 1, w.endsWith('я') ? 'ями' : 'ами');
    if (/[ыи]$/.test(w)) return replaceEnd(word, 1, 'ами'); // основы → основами
    return word;
  }
  if (w.endsWith('ие') || w.endsWith('ье')) return replaceEnd(word, 1, 'ем');
  if (w.endsWith('ия')) return replaceEnd(word, 1, 'ей');
  if (w.endsWith('а')) return replaceEnd(word, 1, /[жшчщц]а$/.test(w) ? 'ей' : 'ой');
  if (w.endsWith('я')) return replaceEnd(word, 1, 'ей');
  if (w.endsWith('о')) return replaceEnd(word, 1, 'ом');
  if (/[^аеёиоуыэюяьй]ок$/.test(w)) return replaceEnd(word, 2, 'ком'); // порядок → порядком
  if (/[бвгдзклмнпрстфхжшчщц]$/.test(w)) return word + (word === word.toUpperCase() ? 'ОМ' : 'ом');
  return word; // -ь, -й and the rest: masculine and feminine differ, so no guess
}

/** «Положение о закупке АО «Тепло»» → «Положением о закупке АО «Тепло»»; an already instrumental title is kept. */
export function instrumentalCase(title: string): string {
  const parts = title.split(/(\s+)/);
  const words = parts.filter((_, i) => i % 2 === 0);
  const first = words[0]?.toLowerCase() ?? '';
  if (!first || !/^[а-яё-]+$/.test(first) || INSTRUMENTAL.test(first)) return title;
  let plural = false;
  for (let i = 0; i < parts.length; i += 2) {
    const word = parts[i];
    const w = word.toLowerCase();
    if (!/^[а-яё-]+$/.test(w)) return parts.join('');
    if (ADJECTIVE.test(w) && !NEUTER_NOUN.test(w) && !PLURAL_NOUNS.has(w) && i + 2 < parts.length) {
      const a = adjective(word);
      parts[i] = a.text;
      plural ||= a.plural;
      continue;
    }
    parts[i] = noun(word, plural);
    return parts.join('');
  }
  return parts.join('');
}
