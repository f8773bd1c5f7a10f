// The product id lives with the other identity rules (the internal service key needs it too).
export { PRODUCT_ID } from '../platform/identity/product.js';
