// The findings of a cleaning, as the playground shows them (text and images alike): one
// row per category, its count and what was done with it. Never values. Each category is
// named on its placeholders' colour, so the table is also the legend of the cleaned text.
import type { Reply } from '../api.js';
import { categoryName } from '../categories.js';

/** A finding as the cleaning routes answer it. */
export type Finding = Reply<'POST /api/account/playground/clean'>['findings'][number];

const ACTION: Record<string, string> = {
  placeholder: 'trocado por marcador',
  redact: 'removido',
  block: 'bloqueado',
};

export function Findings({ findings, action }: { findings: Finding[]; action?: (a: string) => string }) {
  return (
    // Focusable: on a narrow screen the table scrolls sideways, and a keyboard must reach it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is keyboard-operable only when focusable
    <div class="table-wrap" tabIndex={0} role="region" aria-label="Achados por categoria">
      <table>
        <caption>Achados (as cores são as dos marcadores no texto)</caption>
        <thead>
          <tr>
            <th scope="col">Categoria</th>
            <th scope="col">Quantidade</th>
            <th scope="col">Ação</th>
          </tr>
        </thead>
        <tbody>
          {findings.length === 0 ? (
            <tr>
              <td colSpan={3}>Nenhum dado pessoal encontrado.</td>
            </tr>
          ) : (
            findings.map((f) => (
              <tr key={f.category}>
                <td>
                  <span class={`chip ph-${f.category}`}>{categoryName(f.category)}</span>
                </td>
                <td>{f.count}</td>
                <td>{action ? action(f.action) : (ACTION[f.action] ?? f.action)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
