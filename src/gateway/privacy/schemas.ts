// Response schemas shared by the routes that report findings: the category is one of the
// privacy engine's categories (its registry), so the OpenAPI document and docs/api.md
// list exactly what the barrier can report.
import { Type } from '@sinclair/typebox';
import { CATEGORIES, type Category } from '../../privacy/index.js';

/** One of the engine's categories, as a string enum in the OpenAPI document. */
export const CategorySchema = Type.Unsafe<Category>({ type: 'string', enum: [...CATEGORIES] });

export const FindingSchema = Type.Object({
  category: CategorySchema,
  count: Type.Integer(),
  action: Type.String(),
});

/** A privacy job's summary: the categories found and their counts, never values. */
export const PrivacySummarySchema = Type.Object({
  categories: Type.Array(CategorySchema),
  counts: Type.Record(Type.String(), Type.Integer()),
  total: Type.Integer(),
});
