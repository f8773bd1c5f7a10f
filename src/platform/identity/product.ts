/** This gateway's product id: keys and sessions are valid only in the product that made them. */
export const PRODUCT_ID = 'svc';
