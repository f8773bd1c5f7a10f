// A cleaned text with its placeholders ([CPF_1], [EMAIL removido]) marked and coloured by
// category (styles.css, .ph-<category>), each named in its title.
import { categoryName, placeholders } from './categories.js';

export function Highlighted({ text }: { text: string }) {
  return (
    <>
      {placeholders(text).map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          <mark key={i} class={`ph ph-${part.category}`} title={categoryName(part.category)}>
            {part.text}
          </mark>
        ),
      )}
    </>
  );
}
