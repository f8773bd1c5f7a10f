// Wire shapes of the Session routes (account, profile, key and browser login routes).
import { Type } from '@sinclair/typebox';
import { Nullable, Ok } from '../../platform/http/schemas.js';

export { Ok };

export const SessionUser = Type.Object({
  identityId: Type.String(),
  sessionId: Type.String(),
  productId: Type.String(),
  audience: Type.String(),
  authTime: Nullable(Type.String({ format: 'date-time' })),
  methods: Type.Array(Type.String()),
  mfaState: Type.String(),
});

export const UserResult = Type.Object({ user: SessionUser });

export const BootstrapResult = Type.Object({
  csrf: Type.String(),
  context: Type.String(),
  signup: Type.Union([Type.Literal('off'), Type.Literal('review'), Type.Literal('open')], {
    description: 'SIGNUP: whether the page offers sign-up',
  }),
});

/** Every step that regenerates the session answers with the new CSRF value. */
export const SignInResult = Type.Object({
  csrf: Type.String(),
  context: Type.String(),
  mfaRequired: Type.Boolean(),
  user: Nullable(SessionUser),
});

export const Profile = Type.Object({
  name: Type.String(),
  locale: Type.String(),
  timeZone: Type.String(),
  theme: Type.String(),
  revision: Type.Integer(),
});

export const ProfileResult = Type.Object({ profile: Profile });

export const ProfilePatch = Type.Object(
  {
    revision: Type.Integer({ minimum: 1 }),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    locale: Type.Optional(Type.String({ minLength: 2, maxLength: 35 })),
    timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    theme: Type.Optional(Type.Union([Type.Literal('system'), Type.Literal('light'), Type.Literal('dark')])),
  },
  { additionalProperties: false },
);

export const LoginBody = Type.Object(
  { email: Type.String({ maxLength: 320 }), password: Type.String({ maxLength: 1024 }) },
  { additionalProperties: false },
);

export const SignUpBody = Type.Object(
  {
    email: Type.String({ maxLength: 320 }),
    password: Type.String({ maxLength: 1024 }),
    name: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);

export const CodeBody = Type.Object(
  { code: Type.String({ maxLength: 16 }) },
  { additionalProperties: false },
);

export const PasswordBody = Type.Object(
  { currentPassword: Type.String({ maxLength: 1024 }), newPassword: Type.String({ maxLength: 1024 }) },
  { additionalProperties: false },
);

export const TotpSetup = Type.Object({
  secret: Type.String(),
  uri: Type.String(),
  qr: Type.String({ description: 'PNG data URI of the otpauth URI' }),
});

export const NoQuery = Type.Object({}, { additionalProperties: false });
