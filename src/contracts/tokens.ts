// The contract API's bearer tokens: our own HS256 JWTs from POST /auth/login, and the
// front-end identity provider's tokens (RS/ES/PS/EdDSA, checked against its JWKS). Both
// end as "which local user is this", or an ApiError with a SPEC.md B code.
import { createRemoteJWKSet, decodeJwt, errors, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import type { ContractsTokenSettings } from '../platform/config/env.js';
import { randomToken } from '../platform/crypto.js';
import { ApiError } from '../platform/http/errors.js';
import { deriveKey } from '../platform/secret.js';

/** `iss` and `aud` of our own tokens: a token minted for another service is not ours. */
export const TOKEN_ISSUER = 'svc-contracts';
export const TOKEN_AUDIENCE = 'svc-contracts';

/** Who a verified token speaks for, before the user row is looked up. */
export type TokenSubject = { kind: 'local'; userId: string } | { kind: 'idp'; email: string };

export interface TokenService {
  issue(userId: string): Promise<{ token: string; expiresAt: number }>;
  verify(token: string): Promise<TokenSubject>;
}

export const authError = {
  missingHeader: () =>
    new ApiError(401, 'MISSING_AUTHORIZATION_HEADER', 'Envie o cabeçalho Authorization: Bearer <token>.'),
  missingToken: () =>
    new ApiError(401, 'MISSING_TOKEN', 'O cabeçalho Authorization não traz um token Bearer.'),
  expired: () => new ApiError(401, 'TOKEN_EXPIRED', 'O token expirou. Entre novamente.'),
  invalid: () => new ApiError(401, 'INVALID_TOKEN', 'Token inválido.'),
  failed: () => new ApiError(401, 'AUTHENTICATION_FAILED', 'Não foi possível autenticar com este token.'),
  unavailable: () =>
    new ApiError(
      503,
      'AUTHENTICATION_FAILED',
      'Não foi possível validar o token do provedor de identidade agora. Tente novamente.',
      { headers: { 'retry-after': '5' } },
    ),
  denied: () => new ApiError(403, 'ACCESS_DENIED', 'Acesso negado.'),
};

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
        throw authError.invalid();
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
        if (typeof payload.email !== 'string' || payload.email_verified === false) throw authError.failed();
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

function mapVerifyError(err: unknown, remote: boolean): ApiError {
  if (err instanceof errors.JWTExpired) return authError.expired();
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
    return authError.invalid();
  // The provider's key set could not be fetched or read: our problem, not the caller's token.
  if (remote) return authError.unavailable();
  return authError.failed();
}
