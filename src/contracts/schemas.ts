// TypeBox schemas shared by the contract API's routes (and so by its OpenAPI document).
import { type TProperties, type TSchema, Type } from '@sinclair/typebox';

export const ErrorBody = Type.Object(
  { message: Type.String(), error: Type.String() },
  { description: 'Erro: `message` em português, `error` o código estável' },
);

export const User = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  plan: Type.String(),
});

export const Risk = Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')]);

// Query strings are strings (the platform's Ajv does not coerce): numbers are patterns here.
export const Page = {
  limit: Type.Optional(
    Type.String({ pattern: '^(?:[1-9]|[1-9][0-9]|100)$', description: '1 a 100, padrão 20' }),
  ),
  offset: Type.Optional(Type.String({ pattern: '^[0-9]{1,7}$', description: 'padrão 0' })),
};

export function pageOf(query: { limit?: string; offset?: string }): { limit: number; offset: number } {
  return { limit: Number(query.limit ?? 20), offset: Number(query.offset ?? 0) };
}

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const Id = Type.String({ minLength: 1, maxLength: 64 });

export const listOf = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    total: Type.Integer(),
    limit: Type.Integer(),
    offset: Type.Integer(),
  });

/** The 4xx answers every protected route can give, for the OpenAPI document. */
export const authErrors = {
  401: ErrorBody,
  403: ErrorBody,
};

/**
 * The options of a route about one of the user's own items, named by `:id`: bearer auth,
 * the id's schema, and the 404 answered when the item is not the user's (or does not exist).
 */
export function ownItemRoute<R extends Record<number, TSchema>>(tag: string, summary: string, response: R) {
  return {
    config: { auth: 'jwt' as const },
    schema: {
      summary,
      tags: [tag],
      params: IdParams,
      response: { ...response, 404: ErrorBody, ...authErrors },
    },
  };
}

/**
 * The options of a route listing the user's items a page at a time: bearer auth, `limit` and
 * `offset` beside the route's own `query` fields (nothing else), and the list envelope.
 */
export function listRoute<I extends TSchema, Q extends TProperties>(
  tag: string,
  summary: string,
  item: I,
  query: Q,
  errors: Record<number, TSchema> = {},
) {
  return {
    config: { auth: 'jwt' as const },
    schema: {
      summary,
      tags: [tag],
      querystring: Type.Object({ ...Page, ...query }, { additionalProperties: false }),
      response: { 200: listOf(item), 400: ErrorBody, ...errors, ...authErrors },
    },
  };
}
