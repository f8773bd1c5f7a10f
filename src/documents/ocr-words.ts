// The words OCR read and where: tesseract's TSV output (one row per block, paragraph,
// line and word, each with its box) turned into lines of words. Redaction needs the
// boxes; the line numbering keeps a value broken across lines findable as one text.

export interface Box {
  x0: number;
  y0: number;
  /** Exclusive. */
  x1: number;
  y1: number;
}

export interface OcrWord {
  text: string;
  /** tesseract's confidence in this word, 0–100. */
  confidence: number;
  box: Box;
}

export interface OcrLine {
  /** Lines of one paragraph share it: a paragraph ends where a blank line would be. */
  paragraph: number;
  box: Box;
  words: OcrWord[];
}

/**
 * Lines of words from tesseract's TSV (level, page, block, paragraph, line, word, left,
 * top, width, height, confidence, text). Words without text are dropped; so are lines
 * left without words.
 */
export function wordsFromTsv(tsv: string): OcrLine[] {
  const lines: OcrLine[] = [];
  let current: OcrLine | undefined;
  let key = '';
  let paragraphs = 0;
  let paragraphKey = '';
  for (const row of tsv.split('\n')) {
    const f = row.split('\t');
    if (f.length < 12 || f[0] !== '5') continue;
    const text = f.slice(11).join('\t').trim();
    if (text === '') continue;
    const [left, top, width, height] = [6, 7, 8, 9].map((i) => Number(f[i]));
    const box = { x0: left!, y0: top!, x1: left! + width!, y1: top! + height! };
    const para = `${f[1]}.${f[2]}.${f[3]}`;
    const line = `${para}.${f[4]}`;
    if (line !== key || !current) {
      if (para !== paragraphKey) paragraphs++;
      paragraphKey = para;
      key = line;
      current = { paragraph: paragraphs, box: { ...box }, words: [] };
      lines.push(current);
    }
    current.words.push({ text, confidence: Number(f[10]), box });
    current.box = union(current.box, box);
  }
  return lines;
}

export function union(a: Box, b: Box): Box {
  return {
    x0: Math.min(a.x0, b.x0),
    y0: Math.min(a.y0, b.y0),
    x1: Math.max(a.x1, b.x1),
    y1: Math.max(a.y1, b.y1),
  };
}

/**
 * The boxes to fill for these words. Each word's box is made as tall as its line (a word
 * without ascenders, "nome", has a box shorter than its glyphs) and as wide as the space
 * around it, up to its neighbours' boxes (at most a line's height; half of one at the
 * line's ends): OCR's box of a word it read badly may leave out a letter at either end.
 */
export function wordBoxes(lines: readonly OcrLine[], refs: readonly { line: number; word: number }[]): Box[] {
  return refs.map(({ line, word }) => {
    const l = lines[line]!;
    const b = l.words[word]!.box;
    const height = l.box.y1 - l.box.y0;
    const before = l.words[word - 1]?.box.x1;
    const after = l.words[word + 1]?.box.x0;
    return {
      x0: before === undefined ? b.x0 - Math.ceil(height / 2) : Math.max(before + 1, b.x0 - height),
      x1: after === undefined ? b.x1 + Math.ceil(height / 2) : Math.min(after - 1, b.x1 + height),
      y0: Math.min(b.y0, l.box.y0),
      y1: Math.max(b.y1, l.box.y1),
    };
  });
}
