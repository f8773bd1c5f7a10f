// Questions about one contract, answered by a model through the gateway from the contract
// text (which the barrier cleans on the way). Turns are kept, sealed, per contract.
import { newId } from '../../platform/ids.js';
import type { ContractsDeps } from '../deps.js';
import { ContractsError } from '../errors.js';
import { contractNotFound, getContract } from '../documents/store.js';
import { answerQuestion } from '../model.js';
import { consume, release } from '../subscriptions/usage.js';
import type { ContractUser } from '../users/store.js';

export const MAX_QUESTION_CHARS = 2000;

export interface ChatTurn {
  id: string;
  contract_id: string;
  question: string;
  answer: string;
  model: string;
  created_at: string;
}

export async function ask(
  deps: ContractsDeps,
  user: ContractUser,
  contractId: string,
  asked: string,
): Promise<ChatTurn> {
  const question = asked.trim();
  if (question === '') throw new ContractsError('QUESTION_BLANK');
  const contract = await getContract(deps.db, deps.sealer, user.id, contractId);
  if (!contract) throw contractNotFound();
  const now = deps.now();
  await consume(deps.db, user, 'chat_messages', now);
  let answer: { text: string; model: string };
  try {
    answer = await answerQuestion(deps.gateway, deps.models, contract.text, question, deps.log);
  } catch (err) {
    await release(deps.db, user.id, 'chat_messages', now); // nothing was answered: not charged
    throw err;
  }
  const turn: ChatTurn = {
    id: newId('msg'),
    contract_id: contract.id,
    question,
    answer: answer.text,
    model: answer.model,
    created_at: new Date(now).toISOString(),
  };
  await deps.db
    .insertInto('contract_chat_messages')
    .values({
      id: turn.id,
      user_id: user.id,
      contract_id: contract.id,
      sealed: deps.sealer.seal({ question, answer: answer.text }),
      model: answer.model,
      created_at: now,
    })
    .execute();
  return turn;
}

export async function history(
  deps: ContractsDeps,
  userId: string,
  contractId: string,
  page: { limit: number; offset: number },
): Promise<{ items: ChatTurn[]; total: number }> {
  const contract = await deps.db
    .selectFrom('contract_documents')
    .select('id')
    .where('id', '=', contractId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!contract) throw contractNotFound();
  const base = deps.db
    .selectFrom('contract_chat_messages')
    .where('user_id', '=', userId)
    .where('contract_id', '=', contractId);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => {
      const { question, answer } = deps.sealer.open<{ question: string; answer: string }>(r.sealed);
      return {
        id: r.id,
        contract_id: r.contract_id,
        question,
        answer,
        model: r.model,
        created_at: new Date(Number(r.created_at)).toISOString(),
      };
    }),
    total: Number(total.n),
  };
}
