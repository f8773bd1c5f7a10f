// The preview capabilities: one entry per `svc.*` name, with what the gateway needs to know
// about its jobs — which wait applies, which input fields are text for the barrier, which
// result fields are text that must pass it too. Worker-facing shapes: docs/workers.md.

export type Wait = 'embeddings' | 'speech' | 'ocr' | 'none';

export interface Capability {
  name: string;
  /** The synchronous wait that applies on its route (`none`: always 202). */
  wait: Wait;
  /** Top-level input fields that hold text (strings or arrays of strings) cleaned before storage. */
  textInput: readonly string[];
  /** Result fields holding text that passes the barrier before it is stored (dotted into arrays: `pages.text`). */
  textResult: readonly string[];
}

export const CAPABILITIES: readonly Capability[] = [
  { name: 'svc.embeddings', wait: 'embeddings', textInput: ['input'], textResult: [] },
  { name: 'svc.speech', wait: 'speech', textInput: ['text'], textResult: [] },
  { name: 'svc.music', wait: 'none', textInput: ['style'], textResult: [] },
  { name: 'svc.compositions', wait: 'none', textInput: [], textResult: [] },
  { name: 'svc.images.generations', wait: 'none', textInput: ['prompt'], textResult: [] },
  { name: 'svc.images.edits', wait: 'none', textInput: ['prompt'], textResult: [] },
  { name: 'svc.ocr', wait: 'ocr', textInput: [], textResult: ['text', 'pages.text'] },
  { name: 'svc.documents.fidelity', wait: 'none', textInput: [], textResult: ['text', 'pages.text'] },
  {
    name: 'svc.documents.review',
    wait: 'none',
    textInput: ['document', 'instructions'],
    textResult: ['review'],
  },
  { name: 'svc.transcription', wait: 'none', textInput: ['prompt'], textResult: ['text'] },
];

const BY_NAME = new Map(CAPABILITIES.map((c) => [c.name, c]));

export const capability = (name: string): Capability | undefined => BY_NAME.get(name);
export const CAPABILITY_NAMES = CAPABILITIES.map((c) => c.name);
