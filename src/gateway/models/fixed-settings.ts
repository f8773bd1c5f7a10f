// Vendor request settings whose value is one of a fixed list: reasoning effort, verbosity,
// service tier, output formats, voices. A value from the list cannot carry personal data,
// and the name model, reading it alone, takes some for surnames ("low", "coral", "sage"):
// masked, the vendor refuses the request. The barrier keeps these values as they are; any
// other value at the same place is cleaned like the rest of the request.

const words = (list: string) => new Set(list.split(' '));

const EFFORT = words('none minimal low medium high xhigh');
const LEVEL = words('low medium high');
const FORMAT = words('text json_object json_schema');
const SUMMARY = words('auto concise detailed');

/** Setting path (keys joined by dots, from the body's top level) → the values it may take. */
const FIXED: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  // chat completions
  ['reasoning_effort', EFFORT],
  ['verbosity', LEVEL],
  ['response_format.type', FORMAT],
  ['modalities', words('text audio')],
  ['audio.voice', words('alloy ash ballad coral echo fable nova onyx sage shimmer verse marin cedar')],
  ['audio.format', words('wav aac mp3 flac opus pcm16')],
  ['prediction.type', words('content')],
  ['web_search_options.search_context_size', LEVEL],
  // both OpenAI formats and the vendor messages format
  ['service_tier', words('auto default flex scale priority standard_only')],
  // Responses API
  ['reasoning.effort', EFFORT],
  ['reasoning.summary', SUMMARY],
  ['reasoning.generate_summary', SUMMARY],
  ['text.verbosity', LEVEL],
  ['text.format.type', FORMAT],
  ['truncation', words('auto disabled')],
  [
    'include',
    words(
      'reasoning.encrypted_content message.output_text.logprobs message.input_image.image_url ' +
        'file_search_call.results web_search_call.results web_search_call.action.sources ' +
        'code_interpreter_call.outputs computer_call_output.output.image_url',
    ),
  ],
  // vendor messages format
  ['thinking.type', words('enabled disabled adaptive')],
]);

/** Paths that lead to a fixed setting deeper down ("reasoning", "text", "text.format"). */
const PARENTS: ReadonlySet<string> = new Set(
  [...FIXED.keys()].flatMap((path) => {
    const keys = path.split('.');
    return keys.slice(1).map((_, i) => keys.slice(0, i + 1).join('.'));
  }),
);

/** The value at `path` is one of its fixed list (a list setting: every item is). */
export function isFixedSetting(path: string, value: unknown): boolean {
  const allowed = FIXED.get(path);
  if (!allowed) return false;
  if (typeof value === 'string') return allowed.has(value);
  return Array.isArray(value) && value.every((v) => typeof v === 'string' && allowed.has(v));
}

/** Some setting below `path` may be fixed: the walk goes into it key by key. */
export function leadsToFixedSetting(path: string): boolean {
  return PARENTS.has(path);
}
