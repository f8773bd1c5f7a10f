/** The account that owns the internal service key; `.invalid` can never be a real mailbox. */
export const INTERNAL_EMAIL = 'servicos-internos@svc.invalid';
