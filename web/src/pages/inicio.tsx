// The landing page at `/` for visitors: what the gateway does, the barrier working on a
// text the visitor can edit, what it finds, how to pay, and the ways in. Someone signed in
// gets the dashboard at `/` instead (main.tsx).
import { useEffect, useState } from 'preact/hooks';
import { api, type Reply, signupMode } from '../api.js';
import { CATEGORY_INFO } from '../categories.js';
import { Highlighted } from '../highlight.js';
import { Demo } from './demo.js';
import './inicio.css';

type Means = Reply<'GET /api/pagamento'>['meios'];

const TRUST: [string, string][] = [
  [
    'Antes do fornecedor',
    'A barreira roda neste servidor. O texto que sai para o modelo já tem marcadores no lugar dos dados pessoais; as categorias e a política são da sua organização.',
  ],
  [
    'Sem guardar os valores',
    'Cada pedido deixa um registro com as categorias e as quantidades encontradas, nunca o CPF, o e-mail ou o nome. Os logs também não recebem texto.',
  ],
  [
    'Sem trocar de cliente',
    'Os clientes oficiais openai e @anthropic-ai/sdk funcionam como estão: muda só o endereço base. A resposta volta com os dados restaurados quando a organização permite.',
  ],
  [
    'Para o encarregado (DPO)',
    'O painel mostra o uso por dia, por modelo e por chave, e a organização escolhe o que é mascarado, removido ou bloqueado — com o aviso da LGPD ao lado.',
  ],
];

export function Inicio() {
  const [means, setMeans] = useState<Means | null>(null);
  useEffect(() => {
    api('GET /api/pagamento')
      .then((doc) => setMeans(doc.meios))
      .catch(() => setMeans(null));
  }, []);
  const signup = signupMode !== 'off';

  return (
    <>
      <section class="hero band">
        <div class="band-inner hero-grid">
          <div>
            <p class="eyebrow">Gateway de privacidade para IA · LGPD</p>
            <h1 tabIndex={-1}>Use modelos de IA sem entregar dados pessoais ao fornecedor.</h1>
            <p class="lead">
              O svc fica entre as suas aplicações e os modelos de linguagem: cada pedido atravessa uma
              barreira que encontra CPF, CNPJ, e-mails, telefones, nomes e outros dados pessoais e os troca
              por marcadores antes que o fornecedor veja o texto. Suas aplicações continuam usando os clientes
              oficiais da OpenAI e da Anthropic, mudando só o endereço. O registro de cada pedido guarda as
              categorias e as quantidades encontradas, nunca os valores.
            </p>
            <div class="row cta">
              {signup ? (
                <a href="/cadastro" class="button">
                  Criar conta
                </a>
              ) : (
                <a href="/entrar" class="button">
                  Entrar no console
                </a>
              )}
              <a href="#demonstracao" class="button secondary">
                Ver a barreira agir
              </a>
            </div>
          </div>
          <div
            class="hero-example card"
            role="group"
            aria-label="Exemplo: um pedido antes e depois da barreira"
          >
            <p class="example-label">Sua aplicação envia</p>
            <pre>Sou Maria Souza, CPF 529.982.247-25, e-mail maria@exemplo.com.br</pre>
            <p class="example-label">O modelo recebe</p>
            <pre>
              <Highlighted text="Sou [NOME_1], CPF [CPF_1], e-mail [EMAIL_1]" />
            </pre>
          </div>
        </div>
      </section>

      <section id="demonstracao" class="band" aria-labelledby="demo-title">
        <div class="band-inner">
          <h2 id="demo-title">Experimente a barreira</h2>
          <p class="lead">
            Edite o texto, escolha a política e veja o que um modelo receberia. Sem conta, e nada do que você
            escreve é guardado.
          </p>
          <Demo />
        </div>
      </section>

      <section class="band band-alt" aria-labelledby="categorias-title">
        <div class="band-inner">
          <h2 id="categorias-title">O que a barreira encontra</h2>
          <p>
            {CATEGORY_INFO.length} categorias de dados pessoais, com verificação de dígitos onde o documento
            tem (CPF, CNPJ — inclusive o alfanumérico —, cartões, títulos de eleitor). Cada organização
            escolhe quais mascarar e a política: marcadores, remoção ou bloqueio do pedido.
          </p>
          <ul class="chips">
            {CATEGORY_INFO.map((c) => (
              <li key={c.category} class={`chip ph-${c.category}`}>
                {c.name}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section class="band" aria-labelledby="confianca-title">
        <div class="band-inner">
          <h2 id="confianca-title">Por que confiar</h2>
          <div class="cards-grid">
            {TRUST.map(([title, text]) => (
              <div key={title} class="card">
                <h3>{title}</h3>
                <p>{text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section class="band band-alt" aria-labelledby="pagar-title">
        <div class="band-inner">
          <h2 id="pagar-title">Como pagar</h2>
          <Payments means={means} />
        </div>
      </section>

      <section class="band" aria-labelledby="comecar-title">
        <div class="band-inner">
          <h2 id="comecar-title">Comece em cinco minutos</h2>
          <p>Crie uma chave no console e troque o endereço base do cliente que você já usa:</p>
          <pre class="code">{`const client = new OpenAI({ apiKey: 'svck_…', baseURL: '${location.origin}/v1' });`}</pre>
          <div class="row cta">
            {signup && (
              <a href="/cadastro" class="button">
                Criar conta
              </a>
            )}
            <a href="/entrar" class="button secondary">
              Entrar
            </a>
          </div>
          <ul class="links">
            <li>
              <a href="/api/">Documentação da API: índice de todas as rotas</a>
            </li>
            <li>
              <a href="/api/openapi.json">Especificação OpenAPI</a>
            </li>
            <li>
              <a href="/vitrine">Vitrine: os números públicos deste servidor</a>
            </li>
          </ul>
        </div>
      </section>
    </>
  );
}

function Payments({ means }: { means: Means | null }) {
  const ways: [string, string][] = [];
  if (means?.pix)
    ways.push([
      'Pix',
      'Pacotes de crédito de US$ 1, 5, 10 ou 25 pagos por Pix; o crédito vale após a conferência.',
    ]);
  if (means?.asaas) ways.push(['Pix automático', 'O crédito vale assim que o Pix é pago.']);
  if (means?.x402)
    ways.push(['x402 (USDC)', 'Cada chamada paga na hora por uma carteira, sem conta e sem cadastro.']);
  if (ways.length === 0)
    return (
      <p>
        Este servidor não vende crédito: o uso é liberado pelo administrador para as contas e organizações
        dele.
      </p>
    );
  return (
    <>
      <div class="cards-grid">
        {ways.map(([title, text]) => (
          <div key={title} class="card">
            <h3>{title}</h3>
            <p>{text}</p>
          </div>
        ))}
      </div>
      <p>
        <a href="/credito">Ver os pacotes e o saldo em Crédito</a>
      </p>
    </>
  );
}
