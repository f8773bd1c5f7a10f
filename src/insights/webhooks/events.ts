// Reading the platform's webhook envelopes. Pure functions, no I/O.
type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

export const ENVELOPE_ERROR = { error: 'Envelope inválido: esperado { eventType, content }' } as const;

export interface Envelope {
  eventType: string;
  content: Loose;
}

/** `{eventType: string, content: object}` or undefined (→ 400 with ENVELOPE_ERROR). */
export function readEnvelope(body: unknown): Envelope | undefined {
  if (!isObject(body) || typeof body.eventType !== 'string' || !isObject(body.content)) return undefined;
  return { eventType: body.eventType, content: body.content };
}

export const INVALID_SESSION_ID = {
  error: 'invalid_session_id',
  message: 'O id da conversa não é um identificador válido.',
} as const;
export const INVALID_CONTACT_ID = {
  error: 'invalid_contact_id',
  message: 'O id do contato não é um identificador válido.',
} as const;

/**
 * What an id the platform issued looks like. Ids end up as path segments of calls made with
 * the tenant's platform token, so `..`, slashes and the like are refused, not passed on.
 */
const ID = /^[A-Za-z0-9][A-Za-z0-9._:@-]{0,199}$/;

/** An id: a string (trimmed) or a non-negative integer. undefined: absent; null: present but not an id. */
function idOf(v: unknown): string | null | undefined {
  if (typeof v === 'number') return Number.isSafeInteger(v) && v >= 0 ? String(v) : undefined;
  if (typeof v !== 'string' || v.trim() === '') return undefined;
  return ID.test(v.trim()) ? v.trim() : null;
}

/** The conversation-closed rule: the session id to ingest; undefined → 200 ignored, null → 400 (not an id). */
export function sessionToIngest(envelope: Envelope): string | null | undefined {
  const { eventType, content } = envelope;
  const closed =
    eventType === 'SESSION_COMPLETE' || (eventType === 'SESSION_UPDATE' && content.status === 'COMPLETED');
  return closed ? idOf(content.id) : undefined;
}

/**
 * Contact-tag events we accept (the interface does not name the event): compared after
 * upper-casing and turning `.`, `-` and spaces into `_`, so `contact.updated` and
 * `CONTACT_UPDATED` are the same event.
 */
export const CONTACT_EVENTS = new Set([
  'CONTACT_UPDATE',
  'CONTACT_UPDATED',
  'UPDATE_CONTACT',
  'CONTACT_TAG_UPDATE',
  'CONTACT_TAG_UPDATED',
  'CONTACT_TAGS_UPDATE',
  'CONTACT_TAGS_UPDATED',
  'CONTACT_TAG_ADDED',
  'CONTACT_TAGS_ADDED',
  'CONTACT_TAG',
  'TAG_ADDED',
  'TAGS_UPDATED',
]);

export function isContactEvent(eventType: string): boolean {
  return CONTACT_EVENTS.has(
    eventType
      .trim()
      .toUpperCase()
      .replace(/[.\-\s]+/g, '_'),
  );
}

/** The contact object when the content wraps one: content.contact, content.data.contact, content.data. */
function contactObject(content: Loose): Loose | undefined {
  if (isObject(content.contact)) return content.contact;
  if (isObject(content.data)) return isObject(content.data.contact) ? content.data.contact : content.data;
  return undefined;
}

/**
 * Contact id paths, first present wins: contactId, contact_id, contact.id, data.contact.id,
 * data.id, id. undefined: none present; null: the first present one is not an id.
 */
export function contactIdOf(content: Loose): string | null | undefined {
  const contact = contactObject(content);
  return [
    content.contactId,
    content.contact_id,
    contact?.id,
    contact?.contactId,
    contact?.contact_id,
    content.id,
  ]
    .map(idOf)
    .find((id) => id !== undefined);
}

function tagName(v: unknown): string | undefined {
  if (typeof v === 'string') return v.trim() || undefined;
  if (isObject(v))
    for (const k of ['name', 'tag', 'label', 'title'])
      if (typeof v[k] === 'string') return (v[k] as string).trim() || undefined;
  return undefined;
}

/** Tags on the contact or in the event: tags, tagNames, addedTags, tag (single), each a string or {name|tag|label|title}. */
export function tagsOf(content: Loose): string[] {
  const found: string[] = [];
  for (const source of [content, contactObject(content)]) {
    if (!source) continue;
    for (const key of ['tags', 'tagNames', 'tag_names', 'addedTags', 'added_tags', 'labels']) {
      const v = source[key];
      if (Array.isArray(v)) for (const t of v) found.push(tagName(t) ?? '');
      else if (typeof v === 'string') found.push(...v.split(','));
    }
    const single = tagName(source.tag);
    if (single) found.push(single);
  }
  return [...new Set(found.map((t) => t.trim()).filter(Boolean))];
}

/** The event's tags that the tenant watches (case- and accent-insensitive), spelt as the event spells them. */
export function watchedTagsIn(tags: string[], watched: string[]): string[] {
  const norm = (t: string) => t.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
  const wanted = new Set(watched.map(norm));
  return tags.filter((t) => wanted.has(norm(t)));
}
