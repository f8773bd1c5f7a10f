// Accepting a contract: its text checked, one unit of the plan taken (given back when the
// contract could not be stored), a title chosen when none was sent.
import type { ContractsDeps } from '../deps.js';
import { consume, release } from '../subscriptions/usage.js';
import type { ContractUser } from '../users/store.js';
import { type ContractMeta, checkText, createContract, defaultTitle } from './store.js';
import type { Upload } from './upload.js';

export async function submitContract(
  deps: ContractsDeps,
  user: ContractUser,
  upload: Upload,
): Promise<ContractMeta> {
  checkText(upload.text);
  const now = deps.now();
  await consume(deps.db, user, 'contracts', now);
  const title = upload.title?.trim() || defaultTitle(upload.text, upload.fileName);
  try {
    return await createContract(deps.db, deps.sealer, {
      userId: user.id,
      title,
      source: upload.source,
      text: upload.text,
      now,
    });
  } catch (err) {
    await release(deps.db, user.id, 'contracts', now);
    throw err;
  }
}
