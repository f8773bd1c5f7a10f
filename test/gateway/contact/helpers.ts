// Shared setup of the contact tests: a config file with `contact` and `partners`, and a
// listening gateway pointed at a real SMTP server on loopback.
import { testGateway } from '../../helpers/gateway.js';
import { writeConfig } from '../models/helpers.js';

export const OWNER = 'dono@svc.example';

export const PARTNERS = {
  titulo: 'Patrocine o svc',
  placements: [
    {
      id: 'rodape',
      nome: 'Rodapé do console',
      onde: 'todas as páginas do console',
      formato: 'texto e link',
      exclusivo: false,
      medicao: 'visitas da vitrine',
      price_usd_30d: 50,
      disponivel: true,
    },
    ...['a', 'b', 'c', 'd', 'e', 'f'].map((s) => ({
      id: `espaco-${s}`,
      nome: `Espaço ${s}`,
      onde: 'docs',
      formato: 'logo',
      exclusivo: true,
      medicao: 'cliques',
      price_usd_30d: null,
      exposure: [
        { dias: 365, price_usd: 900 },
        { dias: 30, price_usd: null },
        { dias: 90, price_usd: 300 },
      ],
      disponivel: s !== 'f',
    })),
  ],
  current_sponsors: [
    {
      id: 'vigente',
      nome: 'Vigente',
      url: 'https://vigente.example',
      frase: 'oi',
      espacos: ['rodape'],
      ate: '2999-12-31',
    },
    {
      id: 'vencido',
      nome: 'Vencido',
      url: 'https://vencido.example',
      frase: 'tchau',
      espacos: ['rodape'],
      ate: '2001-01-01',
    },
  ],
  parcerias: ['Comunidade X'],
  page_url: 'https://svc.example/parcerias',
};

export function contactConfig(extra: Record<string, unknown> = {}): string {
  return writeConfig({ contact: { to: OWNER }, partners: PARTNERS, ...extra });
}

export async function listening(env: Record<string, string>) {
  const gw = await testGateway(env);
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  const address = gw.app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { ...gw, origin };
}

export function postContact(origin: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${origin}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
