// Wire-shape helpers every route's TypeBox schemas share.
import { type TSchema, Type } from '@sinclair/typebox';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The answer of an action that returns nothing else. */
export const Ok = Type.Object({ ok: Type.Literal(true) });
