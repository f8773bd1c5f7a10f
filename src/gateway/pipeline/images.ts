// The image step of a model request, before the barrier: every image of the conversation
// is read by OCR and its personal data filled solid (documents/redact-image.ts, with the
// words found by privacy/ocr under the organisation's cleaning), and every PDF becomes its
// text (which the barrier then cleans with the rest) and its scanned pages as redacted
// images. What the provider receives is only what this step produced; an image that could
// not be read in time, or is too large, stops the request with its documented error.
import {
  abortReason,
  type Box,
  DocumentError,
  deadline,
  MEDIA_TYPES,
  type OcrLine,
  pdfPageImages,
  redactImage,
  sniffType,
  wordBoxes,
} from '../../documents/index.js';
import { CATEGORIES, type Category, type Finding } from '../../privacy/index.js';
import { findInOcr } from '../../privacy/ocr/index.js';
import { documentError, tooManyImages } from '../extract/errors.js';
import type { DocumentReaders } from '../extract/readers.js';
import { invalidFile, unsupportedContent } from '../models/errors.js';
import type { Block, Conversation, DocumentBlock, ImageBlock } from '../models/types.js';
import { type CleaningAsk, chooseCleaning, findOptions } from '../orgs/cleaning-choice.js';
import type { Principal } from './principal.js';

export interface ImagesDone {
  conversation: Conversation;
  /** What the images held (counts per category, the policy's action): never values. */
  findings: Finding[];
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** Scanned PDF pages are rendered at this resolution for OCR and for the vendor. */
const PAGE_DPI = 150;

/** The bytes of a base64 payload; anything else in it (a line break aside) is not base64. */
function decode(data: string, param: string, expected: 'image' | 'pdf'): Buffer {
  const compact = data.replace(/\s+/g, '');
  if (compact.length === 0 || compact.length % 4 === 1 || !BASE64.test(compact))
    throw invalidFile(param, expected);
  return Buffer.from(compact, 'base64');
}

export function hasFiles(conv: Conversation): boolean {
  return conv.messages.some((m) => m.content.some((b) => b.type === 'image' || b.type === 'document'));
}

/**
 * Redacts the conversation's images and PDFs. A conversation without any is returned as
 * it is, at no cost. `signal`: the call's (the caller hung up); the readers' deadline
 * counts from here.
 */
export async function redactFiles(
  conv: Conversation,
  principal: Principal,
  asked: CleaningAsk,
  readers: DocumentReaders | undefined,
  signal: AbortSignal,
): Promise<ImagesDone> {
  if (!hasFiles(conv)) return { conversation: conv, findings: [] };
  const choice = chooseCleaning(principal, asked);
  // The parsers take files only where the organisation redacts them; a caller that built a
  // conversation by hand (or asked X-SVC-Images: refuse) gets the SPEC's refusal.
  if (choice.images !== 'redact' || !readers) throw unsupportedContent('messages', 'image');
  const find = { ...findOptions(choice), names: true };
  const bound = deadline(readers.timeoutMs);
  const job = {
    owner: principal.organizationId ?? `account:${principal.accountId}`,
    signal: AbortSignal.any([signal, bound.signal]),
  };
  const counts = new Map<Category, number>();
  let budget = readers.limits.maxImagePages;
  const locate = (lines: OcrLine[]): Box[] => {
    const matches = findInOcr(lines, find);
    for (const m of matches) counts.set(m.category, (counts.get(m.category) ?? 0) + 1);
    return wordBoxes(
      lines,
      matches.flatMap((m) => m.words),
    );
  };
  const image = async (bytes: Buffer, param: string, block?: ImageBlock): Promise<ImageBlock> => {
    if (--budget < 0) throw tooManyImages(readers.limits.maxImagePages, param);
    const type = sniffType(bytes);
    if (type !== 'jpeg' && type !== 'png' && type !== 'webp') throw invalidFile(param, 'image');
    const { limits, ocr } = readers;
    const out = await redactImage(bytes, ocr, locate, {
      maxPixels: limits.maxPixels,
      maxDecodedBytes: limits.maxDecodedBytes,
      ...job,
    });
    return {
      type: 'image',
      mediaType: MEDIA_TYPES[out.type],
      data: out.bytes.toString('base64'),
      redacted: true,
      ...(block?.detail ? { detail: block.detail } : {}),
    };
  };
  const document = async (b: DocumentBlock, param: string): Promise<Block[]> => {
    const bytes = decode(b.data, param, 'pdf');
    if (sniffType(bytes) !== 'pdf') throw invalidFile(param, 'pdf');
    return pdfBlocks(bytes, readers, job, (png, page) => image(png, `${param}.page.${page}`));
  };
  const read = async (b: Block, param: string): Promise<Block[]> => {
    try {
      if (b.type === 'image') return [await image(decode(b.data, param, 'image'), param, b)];
      if (b.type === 'document') return await document(b, param);
      return [b];
    } catch (err) {
      throw err instanceof DocumentError ? documentError(err, param) : err;
    }
  };
  try {
    const messages = [];
    for (const [i, m] of conv.messages.entries()) {
      const content: Block[] = [];
      for (const [j, b] of m.content.entries())
        content.push(...(await read(b, `messages.${i}.content.${j}`)));
      messages.push({ role: m.role, content });
    }
    return { conversation: { ...conv, messages }, findings: findingsOf(counts, choice.policy) };
  } finally {
    bound.dispose();
  }
}

/**
 * A PDF as blocks: the text of its pages with a text layer (one text block, cleaned later
 * by the barrier with the rest of the conversation), then each page without one rendered
 * and redacted as an image. A page with a text layer goes as its text only.
 */
async function pdfBlocks(
  bytes: Buffer,
  readers: DocumentReaders,
  job: { owner: string; signal: AbortSignal },
  image: (png: Buffer, page: number) => Promise<ImageBlock>,
): Promise<Block[]> {
  const { limits, pdf } = readers;
  let pageTexts: string[] | null = null;
  try {
    // On a thread of the PDF pool, after its structure is checked against the caps.
    pageTexts = (
      await pdf.text(bytes, { maxPages: limits.maxPdfPages, maxDecodedBytes: limits.maxDecodedBytes }, job)
    ).pageTexts;
  } catch (err) {
    if (!(err instanceof DocumentError) || err.code !== 'no_text_layer') throw err;
  }
  const text = (pageTexts ?? []).filter(Boolean).join('\n\n');
  const scanned = pageTexts
    ? pageTexts.flatMap((t, i) => (t === '' ? [i + 1] : []))
    : undefined; /* every page: a scan */
  const blocks: Block[] = text ? [{ type: 'text', text }] : [];
  if (scanned?.length === 0) return blocks;
  // Rendered one at a time; the image budget (maxImagePages) stops a long scan.
  for await (const page of pdfPageImages(bytes, {
    maxPages: limits.maxPdfPages,
    dpi: PAGE_DPI,
    maxPixels: limits.maxPixels,
    fit: true,
    pages: scanned,
  })) {
    if (job.signal.aborted) break;
    blocks.push(await image(page.png, page.page));
  }
  if (job.signal.aborted) throw abortReason(job.signal);
  return blocks;
}

/** Counts as findings, in the barrier's order, with the policy that applied. */
function findingsOf(counts: ReadonlyMap<Category, number>, action: Finding['action']): Finding[] {
  return CATEGORIES.flatMap((category) => {
    const count = counts.get(category);
    return count ? [{ category, count, action }] : [];
  });
}

/** The findings of the images and of the text together: counts added per category. */
export function mergeFindings(a: readonly Finding[], b: readonly Finding[]): Finding[] {
  if (a.length === 0) return [...b];
  if (b.length === 0) return [...a];
  const counts = new Map<Category, number>();
  for (const f of [...a, ...b]) counts.set(f.category, (counts.get(f.category) ?? 0) + f.count);
  return findingsOf(counts, (a[0] ?? b[0])!.action);
}

/**
 * One image redacted as a model request would have it redacted, whatever the
 * organisation's `images` setting (the console's preview: an organisation sees what the
 * vendor would receive before it turns redaction on). `data`: a data URI or base64.
 */
export async function previewRedaction(
  principal: Principal,
  asked: CleaningAsk,
  readers: DocumentReaders,
  data: string,
  signal: AbortSignal,
): Promise<{ image: ImageBlock; findings: Finding[]; policy: Finding['action'] }> {
  const comma = data.startsWith('data:') ? data.indexOf(',') : -1;
  const conv: Conversation = {
    model: '',
    source: 'chat',
    system: [],
    messages: [
      {
        role: 'user',
        content: [{ type: 'image', mediaType: '', data: data.slice(comma + 1), redacted: false }],
      },
    ],
    stream: false,
    streamUsage: false,
    extra: {},
  };
  const redacting = { ...principal, images: 'redact' as const };
  const { conversation, findings } = await redactFiles(
    conv,
    redacting,
    { ...asked, images: undefined },
    readers,
    signal,
  );
  return {
    image: conversation.messages[0]!.content[0] as ImageBlock,
    findings,
    policy: chooseCleaning(principal, asked).policy,
  };
}
