// The e-mail a contact message becomes: to the owner (`contact.to`), reply-to the sender.
// The subject holds no personal data (mail relays log subjects); the body holds the fields.
import type { MailMessage } from '../../platform/mail/index.js';
import { MODALIDADES } from './partners.js';
import type { ContactMessage } from './validate.js';

const ORCAMENTO: Record<string, string> = {
  ate_100: 'até US$ 100',
  '100_500': 'US$ 100 a 500',
  '500_2000': 'US$ 500 a 2.000',
  '2000_mais': 'mais de US$ 2.000',
  a_combinar: 'a combinar',
};
const PAGAMENTO: Record<string, string> = { usdc: 'USDC', deposito: 'depósito', a_combinar: 'a combinar' };

const modalidade = (tipo: string | undefined) => MODALIDADES.find((m) => m.id === tipo)?.nome;

export function contactMail(to: string, m: ContactMessage, receivedAt: number): MailMessage {
  const tipo = modalidade(m.tipo);
  const lines = [
    `Nome: ${m.name}`,
    `E-mail: ${m.email} (responder a esta mensagem escreve para esse endereço)`,
    tipo && `Tipo: ${tipo}`,
    m.empresa && `Empresa: ${m.empresa}`,
    m.site && `Site: ${m.site}`,
    m.orcamento && `Orçamento: ${ORCAMENTO[m.orcamento]}`,
    m.espaco && `Espaços: ${m.espaco.join(', ')}`,
    m.duracao && `Duração: ${m.duracao} dias`,
    m.pagamento && `Pagamento: ${PAGAMENTO[m.pagamento]}`,
    `Recebida em: ${new Date(receivedAt).toISOString()}`,
    '',
    'Mensagem:',
    m.message,
  ].filter((l): l is string => typeof l === 'string');
  return {
    to,
    replyTo: m.email,
    subject: tipo
      ? `Contato pelo site: proposta de ${tipo.toLowerCase()}`
      : 'Contato pelo site: nova mensagem',
    text: `${lines.join('\n')}\n`,
  };
}
