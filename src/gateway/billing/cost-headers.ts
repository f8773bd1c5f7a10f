// The headers that tell a caller what a prepaid spend reserved, cost and left
// (docs/payments.md "Paid calls"); `simulado` marks a spend that dev mode let through unpaid.
export const COST_HEADERS = {
  reserved: 'x-svc-reserva-usd',
  cost: 'x-svc-custo-usd',
  balance: 'x-svc-saldo-usd',
  simulated: 'x-svc-pagamento',
} as const;
