// An organisation's barrier settings as its members see and change them in the console:
// the policy, the name sensitivity, the categories masked, what happens to images and how long the request log keeps calls. Any member reads them; an
// owner or administrator, in a session with its second factor done (as for organisation
// keys), changes them. Plain functions; orgs/routes.ts shapes the HTTP side.
import type { Kysely } from 'kysely';
import {
  CATEGORIES,
  type Category,
  isCategory,
  LABEL,
  type Policy,
  type Sensitivity,
} from '../../privacy/index.js';
import { barrierOf, type ImagesSetting, unmaskedColumn } from './cleaning-choice.js';
import { organizationNotFound, privacyNeedsMfa, privacyOwnersOnly, unknownMaskedCategory } from './errors.js';
import { memberOf, type Role, updateOrganization } from './store.js';
import type { OrgsTables } from './tables.js';

export interface BarrierView {
  organization: { id: string; name: string };
  role: Role;
  /** Whether this member may change the settings (owner or admin). */
  editable: boolean;
  policy: Policy;
  nameSensitivity: Sensitivity;
  /** Every category the barrier knows, in findings order, its placeholder label, and whether it is masked. */
  categories: { category: Category; label: string; masked: boolean }[];
  /** Images and PDFs in model requests: refused, or redacted before they are sent. */
  images: ImagesSetting;
  /** Days the request log keeps the organisation's calls (gateway/calls/retention.ts). */
  requestLogDays: number;
}

export interface BarrierChange {
  policy: Policy;
  nameSensitivity: Sensitivity;
  maskedCategories: string[];
  /** Left as it is when absent (clients written before the setting existed). */
  images?: ImagesSetting;
  /** Left as it is when absent. */
  requestLogDays?: number;
}

/** The settings as a member sees them; 404 for an unknown organisation or a non-member. */
export async function readBarrier(
  db: Kysely<OrgsTables>,
  orgId: string,
  accountId: string,
): Promise<BarrierView> {
  const member = await memberOf(db, orgId, accountId);
  if (!member) throw organizationNotFound();
  const { organization: org, role } = member;
  const barrier = barrierOf(org);
  return {
    organization: { id: org.id, name: org.name },
    role,
    editable: role === 'owner' || role === 'admin',
    policy: barrier.policy,
    nameSensitivity: barrier.nameSensitivity,
    categories: CATEGORIES.map((category) => ({
      category,
      label: LABEL[category],
      masked: barrier.categories.includes(category),
    })),
    images: barrier.images,
    requestLogDays: Number(org.request_log_days),
  };
}

/** Replaces the settings (images only when given); `mfaVerified`: the session has its second factor done. */
export async function changeBarrier(
  db: Kysely<OrgsTables>,
  orgId: string,
  accountId: string,
  mfaVerified: boolean,
  change: BarrierChange,
): Promise<BarrierView> {
  const current = await readBarrier(db, orgId, accountId);
  if (!current.editable) throw privacyOwnersOnly();
  if (!mfaVerified) throw privacyNeedsMfa();
  const unknown = change.maskedCategories.find((c) => !isCategory(c));
  if (unknown !== undefined) throw unknownMaskedCategory();
  await updateOrganization(db, orgId, {
    privacy_policy: change.policy,
    name_sensitivity: change.nameSensitivity,
    unmasked_categories: unmaskedColumn(change.maskedCategories.filter(isCategory)),
    ...(change.images ? { images: change.images } : {}),
    ...(change.requestLogDays !== undefined ? { request_log_days: change.requestLogDays } : {}),
  });
  return readBarrier(db, orgId, accountId);
}
