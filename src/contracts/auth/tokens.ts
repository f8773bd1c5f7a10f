// The contract API's bearer tokens: our own HS256 JWTs from POST /auth/login, and the
// front-end identity provider's tokens (RS/ES/PS/EdDSA, checked against its JWKS). Both
// end as "which local user is this", or a ContractsError with its documented code.
import { createRemoteJWKSet, decodeJwt, errors, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import type { ContractsTokenSettings } from '../../platform/config/env.js';
import { randomToken } from '../../platform/crypto.js';
import { deriveKey } from '../../platform/secret.js';
import { ContractsError } from '../errors.js';

/** `iss` and `aud` of our own tokens: a token minted for another service is not ours. */
export const TOKEN_ISSUER = 'svc-contracts';
export const TOKEN_AUDIENCE = 'svc-contracts';

/** Who a verified token speaks for, before the user row is looked up. */
export type TokenSubject = { kind: 'local'; userId: string } | { kind: 'idp'; email: string };

export interface TokenService {
  issue(userId: string): Promise<{ token: string; expiresAt: number }>;
  verify(token: string): Promise<TokenSubject>;
}

// Only asymmetric algorithms for the provider: with HS* anyone holding the JWKS "key" could sign.
const IDP_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'EdDSA'];

/** The signing key: CONTRACTS_JWT_SECRET, else derived from SVC_SECRET (same on every instance). */
export function signingKey(settings: ContractsTokenSettings, secret: string): Uint8Array {
  return settings.jwtSecret !== undefined
    ? new TextEncoder().encode(settings.jwtSecret)
    : new Uint8Array(deriveKey(secret, 'contracts-jwt'));
}

export function createTokenService(
  settings: ContractsTokenSettings,
  secret: string,
  now: () => number = Date.now,
): TokenService {
  const key = signingKey(settings, secret);
  const idp = settings.idp;
  const jwks = idp
    ? createRemoteJWKSet(new URL(idp.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 })
    : undefined;

  return {
    async issue(userId) {
      const iat = Math.floor(now() / 1000);
      const exp = iat + settings.tokenTtlSeconds;
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .setJti(randomToken(12))
        .sign(key);
      return { token, expiresAt: exp * 1000 };
    },

    async verify(token) {
      let claims: JWTPayload;
      try {
        claims = decodeJwt(token);
      } catch {
        throw new ContractsError('INVALID_TOKEN');
      }
      const currentDate = new Date(now());
      if (idp && jwks && claims.iss === idp.issuer) {
        let payload: JWTPayload;
        try {
          ({ payload } = await jwtVerify(token, jwks, {
            issuer: idp.issuer,
            audience: idp.audience,
            algorithms: IDP_ALGORITHMS,
            currentDate,
          }));
        } catch (err) {
          throw mapVerifyError(err, true);
        }
        // The provider vouches for the address; an address it says is unverified vouches for nothing.
        if (typeof payload.email !== 'string' || payload.email_verified === false)
          throw new ContractsError('AUTHENTICATION_FAILED');
        return { kind: 'idp', email: payload.email };
      }
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, key, {
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          algorithms: ['HS256'],
          requiredClaims: ['sub', 'exp'],
          currentDate,
        }));
      } catch (err) {
        throw mapVerifyError(err, false);
      }
      return { kind: 'local', userId: payload.sub! };
    },
  };
}

function mapVerifyError(err: unknown, remote: boolean): ContractsError {
  if (err instanceof errors.JWTExpired) return new ContractsError('TOKEN_EXPIRED');
  if (
    err instanceof errors.JWSSignatureVerificationFailed ||
    err instanceof errors.JWSInvalid ||
    err instanceof errors.JWTInvalid ||
    err instanceof errors.JWTClaimValidationFailed ||
    err instanceof errors.JOSEAlgNotAllowed ||
    err instanceof errors.JOSENotSupported ||
    err instanceof errors.JWKSNoMatchingKey ||
    err instanceof errors.JWKSMultipleMatchingKeys
  )
    return new ContractsError('INVALID_TOKEN');
  // The provider's key set could not be fetched or read: our problem, not the caller's token.
  if (remote) return new ContractsError('IDP_UNAVAILABLE');
  return new ContractsError('AUTHENTICATION_FAILED');
}
