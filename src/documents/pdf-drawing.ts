// What reading a PDF's text layer makes pdf.js parse, counted as it would be drawn, not as it
// is stored. Three kinds of repetition cost pdf.js once per use while the file stores them
// once: a page tree that lists the same page many times (each listing is a page to read), a
// page whose /Contents array lists the same stream many times (each entry is parsed), and
// forms that draw forms (`/Fm Do` 200 times in a form that another form draws 200 times is
// 40 000 parses of the innermost). So every page of the tree is counted with repetition,
// every /Contents entry with repetition, and every form invocation found in a content stream
// with its count, recursively, each adding its form's bytes and FORM_COST. The scan stops as
// soon as the sum passes the cap. A form that draws itself (directly or through others)
// would never end: it is refused at once.
import { DocumentError } from './errors.js';
import {
  entry,
  isImage,
  namedRefs,
  type Objects,
  type PdfObject,
  refOf,
  refsIn,
  resolve,
} from './pdf-syntax.js';

/**
 * What one form invocation costs beyond its bytes (a parser, a graphics state and a promise
 * in pdf.js), in bytes of content: a small form with text costs about 40 µs a draw, roughly
 * what 4 KB of content does.
 */
export const FORM_COST = 4096;

export interface DrawBounds {
  maxPages: number;
  /** Drawn bytes of the whole file, at most. */
  maxBytes: number;
  /** A stream's decoded size (and its `draws`), decoding a mislabelled content stream on demand. */
  contentSize(id: string): number;
}

interface Resources {
  /** Which dictionary it is: an object number, or `in:N` for one written inside object N. */
  key: string;
  dict: string | undefined;
}

const PAGE = /\/Type\s*\/Page(?![A-Za-z])/;

/**
 * The pages a reader walks, from the document's root (`roots`: the /Root references found in
 * trailers), with repetition; and the bytes their text layers draw altogether.
 */
export function drawnByPages(
  objects: Objects,
  roots: readonly string[],
  bounds: DrawBounds,
): { pages: number; bytes: number } {
  const tooMuch = () => new DocumentError('too_much_data', bounds.maxBytes);
  const cost = new Map<string, number>();
  const xobjects = new Map<string, Map<string, string>>();
  const inProgress = new Set<string>();

  const streamCost = (id: string, resources: Resources): number => {
    const key = `${id}@${resources.key}`;
    const known = cost.get(key);
    if (known !== undefined) return known;
    if (inProgress.has(key)) throw tooMuch(); // a form that draws itself never ends
    inProgress.add(key);
    let total = bounds.contentSize(id);
    const draws = objects.get(id)?.draws;
    if (draws && draws.size > 0) {
      let named = xobjects.get(resources.key);
      if (!named) {
        named = namedRefs(resolve(entry(resources.dict ?? '', 'XObject'), objects));
        xobjects.set(resources.key, named);
      }
      for (const [name, count] of draws) {
        const formId = named.get(name);
        const form = formId === undefined ? undefined : objects.get(formId);
        // Images are not decoded for text; what is not a stream draws nothing.
        if (!form || form.streamBytes === undefined || isImage(form.dict)) continue;
        // A form without resources of its own uses its caller's (as pdf.js does).
        const own = entry(form.dict, 'Resources');
        const inner =
          own === undefined ? resources : { key: refOf(own) ?? `in:${formId}`, dict: resolve(own, objects) };
        total += count * (FORM_COST + streamCost(formId!, inner));
        if (total > bounds.maxBytes) throw tooMuch();
      }
    }
    inProgress.delete(key);
    cost.set(key, total);
    return total;
  };

  const pageCost = (id: string, page: PdfObject): number => {
    const resources = inheritedResources(id, page, objects);
    const contents = entry(page.dict, 'Contents');
    const resolved = resolve(contents, objects);
    // A stream reference, an array of them, or a reference to such an array; with repetition.
    const refs = refsIn(contents).concat(resolved?.startsWith('[') ? refsIn(resolved) : []);
    let total = 0;
    for (const ref of refs) {
      total += streamCost(ref, resources);
      if (total > bounds.maxBytes) throw tooMuch();
    }
    return total;
  };

  const leaves = pageLeaves(objects, roots, bounds.maxPages);
  let bytes = 0;
  const perPage = new Map<string, number>();
  for (const id of leaves) {
    let one = perPage.get(id);
    if (one === undefined) {
      one = pageCost(id, objects.get(id)!);
      perPage.set(id, one);
    }
    bytes += one;
    if (bytes > bounds.maxBytes) throw tooMuch();
  }
  return { pages: leaves.length, bytes };
}

/** A page's resources: its own, or the nearest ancestor's in the page tree. */
function inheritedResources(id: string, page: PdfObject, objects: Objects): Resources {
  let holderId = id;
  let holder: PdfObject | undefined = page;
  for (let up = 0; holder && up < 32; up++) {
    const own = entry(holder.dict, 'Resources');
    if (own !== undefined) return { key: refOf(own) ?? `in:${holderId}`, dict: resolve(own, objects) };
    holderId = refsIn(entry(holder.dict, 'Parent'))[0] ?? '';
    holder = objects.get(holderId);
  }
  return { key: 'none', dict: undefined };
}

/**
 * The leaves of the page tree under each root's /Pages, in order, a page listed twice counted
 * twice (pdf.js reads it twice). Without a readable tree (the catalogue in an encrypted or
 * unread place), every page object once. More than `maxPages` leaves, or a tree so tangled
 * that walking it visits several times that many nodes → too_many_pages.
 */
function pageLeaves(objects: Objects, roots: readonly string[], maxPages: number): string[] {
  const tooMany = () => new DocumentError('too_many_pages', maxPages);
  const maxVisits = 4 * maxPages + 64;
  let best: string[] | undefined;
  for (const root of new Set(roots)) {
    const tree = refOf(entry(objects.get(root)?.dict ?? '', 'Pages'));
    if (tree === undefined || !objects.has(tree)) continue;
    const out: string[] = [];
    const stack = [tree];
    for (let visits = 0; stack.length > 0; ) {
      if (++visits > maxVisits) throw tooMany();
      const id = stack.pop()!;
      const node = objects.get(id);
      if (!node) continue;
      const kids = entry(node.dict, 'Kids');
      if (kids === undefined || PAGE.test(node.dict)) {
        if (out.push(id) > maxPages) throw tooMany();
        continue;
      }
      // /Kids is an array, or a reference to one.
      const refs = refsIn(refOf(kids) === undefined ? kids : resolve(kids, objects));
      for (let i = refs.length - 1; i >= 0; i--) stack.push(refs[i]!);
    }
    if (!best || out.length > best.length) best = out;
  }
  if (best) return best;
  const pages = [...objects].filter(([, o]) => PAGE.test(o.dict)).map(([id]) => id);
  if (pages.length > maxPages) throw tooMany();
  return pages;
}
