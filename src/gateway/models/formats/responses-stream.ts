// Stream events → the Responses API's typed server-sent events, as the `openai` SDK's
// ResponseStream, the Agents SDK and the AI SDK read them: response.created and
// .in_progress; per output item .output_item.added, for a message .content_part.added,
// .output_text.delta… .output_text.done, .content_part.done, for a function call
// .function_call_arguments.delta… .done; .output_item.done; then response.completed (or
// .incomplete when the answer was cut). Every event carries its sequence_number.
import type { StopReason, StreamEvent, Usage } from '../types.js';
import { type Obj, replyId } from './check.js';
import { endOf, functionCallItem, messageItem, outputText, type ResponseObject } from './responses-reply.js';

/** The output item being streamed: its text or arguments so far, for the `.done` events. */
interface OpenItem {
  key: string;
  index: number;
  id: string;
  kind: 'message' | 'function_call';
  body: string;
  callId: string;
  name: string;
}

export class ResponsesStreamWriter {
  #seq = 0;
  #started = false;
  #open: OpenItem | null = null;
  readonly #done: Obj[] = [];
  #stop: StopReason = 'end_turn';
  readonly #usage: Usage = { input: 0, output: 0 };

  constructor(readonly shape: ResponseObject) {}

  #event(type: string, fields: Obj): string {
    return `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: this.#seq++, ...fields })}\n\n`;
  }

  #start(): string {
    if (this.#started) return '';
    this.#started = true;
    const response = this.shape.render({ status: 'in_progress', output: [], usage: null });
    return this.#event('response.created', { response }) + this.#event('response.in_progress', { response });
  }

  #close(): string {
    const item = this.#open;
    if (!item) return '';
    this.#open = null;
    const at = { item_id: item.id, output_index: item.index };
    let out = '';
    let done: Obj;
    if (item.kind === 'message') {
      out += this.#event('response.output_text.done', {
        ...at,
        content_index: 0,
        text: item.body,
        logprobs: [],
      });
      out += this.#event('response.content_part.done', {
        ...at,
        content_index: 0,
        part: outputText(item.body),
      });
      done = messageItem(item.id, item.body, 'completed');
    } else {
      out += this.#event('response.function_call_arguments.done', {
        ...at,
        name: item.name,
        arguments: item.body,
      });
      done = functionCallItem(item.id, item.callId, item.name, item.body, 'completed');
    }
    this.#done.push(done);
    return out + this.#event('response.output_item.done', { output_index: item.index, item: done });
  }

  #openItem(key: string, kind: OpenItem['kind'], callId = '', name = ''): string {
    const out = this.#close();
    const id = replyId(kind === 'message' ? 'msg_' : 'fc_');
    const item: OpenItem = { key, index: this.#done.length, id, kind, body: '', callId, name };
    this.#open = item;
    if (kind === 'function_call') {
      return (
        out +
        this.#event('response.output_item.added', {
          output_index: item.index,
          item: functionCallItem(id, callId, name, '', 'in_progress'),
        })
      );
    }
    return (
      out +
      this.#event('response.output_item.added', {
        output_index: item.index,
        item: messageItem(id, null, 'in_progress'),
      }) +
      this.#event('response.content_part.added', {
        item_id: id,
        output_index: item.index,
        content_index: 0,
        part: outputText(''),
      })
    );
  }

  write(ev: StreamEvent): string {
    switch (ev.kind) {
      case 'usage':
        if (ev.input !== undefined) this.#usage.input = ev.input;
        if (ev.output !== undefined) this.#usage.output = ev.output;
        return '';
      case 'stop':
        this.#stop = ev.reason;
        return '';
      case 'text': {
        let out = this.#start();
        if (this.#open?.key !== ev.key || this.#open.kind !== 'message')
          out += this.#openItem(ev.key, 'message');
        if (!ev.text) return out;
        const item = this.#open!;
        item.body += ev.text;
        // The commonest event, spliced by hand: byte for byte what #event would write.
        return `${out}event: response.output_text.delta\ndata: {"type":"response.output_text.delta","sequence_number":${this.#seq++},"item_id":"${item.id}","output_index":${item.index},"content_index":0,"delta":${JSON.stringify(ev.text)},"logprobs":[]}\n\n`;
      }
      case 'tool':
        return this.#start() + this.#openItem(ev.key, 'function_call', ev.id, ev.name);
      case 'args': {
        // Arguments of an item already closed cannot be sent any more (as in the messages format).
        const item = this.#open;
        if (item?.key !== ev.key || item.kind !== 'function_call' || !ev.json) return '';
        item.body += ev.json;
        return this.#event('response.function_call_arguments.delta', {
          item_id: item.id,
          output_index: item.index,
          delta: ev.json,
        });
      }
    }
  }

  end(): string {
    const out = this.#start() + this.#close();
    const { status, incomplete_details } = endOf(this.#stop);
    const response = this.shape.render({
      status,
      incomplete_details,
      output: this.#done,
      usage: this.#usage,
    });
    return (
      out + this.#event(status === 'completed' ? 'response.completed' : 'response.incomplete', { response })
    );
  }

  /** A failure after the stream began: an `error` event, then the response as failed. */
  error(message: string, code: string): string {
    const out = this.#start();
    const response = this.shape.render({
      status: 'failed',
      error: { code: 'server_error', message },
      output: this.#done,
      usage: this.#usage,
    });
    return (
      out +
      this.#event('error', { code, message, param: null }) +
      this.#event('response.failed', { response })
    );
  }
}
