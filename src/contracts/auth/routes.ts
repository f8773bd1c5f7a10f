// Token login: POST /auth/login, plus sign-up and "who am I".
import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../platform/identity/passwords.js';
import type { ContractsDeps } from '../deps.js';
import { ContractsError } from '../errors.js';
import { authErrors, ErrorBody, User } from '../schemas.js';
import { publicUser } from '../users/store.js';
import { userOf } from './bearer.js';
import { login } from './login.js';
import { signUp } from './signup.js';

const LoginBody = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 320 })),
  password: Type.Optional(Type.String({ maxLength: PASSWORD_MAX })),
});

const SignupBody = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 320, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' }),
    password: Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }),
    name: Type.String({ minLength: 1, maxLength: 120 }),
  },
  { additionalProperties: false },
);

const TokenAnswer = Type.Object({ token: Type.String(), user: User });

export function registerAuthRoutes(app: App, deps: ContractsDeps): void {
  app.post(
    '/auth/login',
    {
      config: { auth: 'none' },
      // A login with no body at all is missing its credentials, not a schema violation.
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null)
          throw new ContractsError('MISSING_CREDENTIALS');
      },
      schema: {
        summary: 'Entrar com e-mail e senha; devolve um JWT',
        tags: ['auth'],
        body: LoginBody,
        response: { 200: TokenAnswer, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const result = await login(deps.db, deps.tokens, request.body, request.ip, deps.now());
      return { token: result.token, user: publicUser(result.user) };
    },
  );

  app.post(
    '/auth/signup',
    {
      config: { auth: 'none' },
      schema: {
        summary: 'Criar uma conta (plano gratuito) e já receber um JWT',
        tags: ['auth'],
        body: SignupBody,
        response: { 201: TokenAnswer, 400: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { token, user } = await signUp(deps, request.body, request.ip);
      return reply.status(201).send({ token, user: publicUser(user) });
    },
  );

  app.get(
    '/auth/me',
    {
      config: { auth: 'jwt' },
      schema: {
        summary: 'O usuário do token',
        tags: ['auth'],
        response: { 200: Type.Object({ user: User }), ...authErrors },
      },
    },
    async (request) => ({ user: publicUser(userOf(request)) }),
  );
}
