/** What the second factor's routes answer (docs/decisions/144-second-factor-totp-and-recovery-codes.md). */
import { iso } from '../../../contract/presenting.ts';
import type { FactorType, SecondStepMethod } from './mfa-schemas.ts';

export interface FactorRow {
  id: number;
  type: FactorType;
  name: string;
  createdAt: Date | string;
}

/** One confirmed factor of the user's settings (never its secret or key). */
export function presentFactor(factor: FactorRow) {
  return { id: factor.id, type: factor.type, name: factor.name, createdAt: iso(factor.createdAt)! };
}
export type FactorJson = ReturnType<typeof presentFactor>;

/** `GET /api/simple-auth/mfa`. */
export function presentFactors(factors: FactorRow[], recoveryCodesLeft: number, required: boolean) {
  return { factors: factors.map(presentFactor), recoveryCodesLeft, required };
}
export type FactorsJson = ReturnType<typeof presentFactors>;

const FACTOR_ORDER: FactorType[] = ['totp', 'passkey'];

/** `POST /api/simple-auth/login` when the account has a factor: no session yet, the second step next. */
export function presentSecondStep(kinds: FactorType[]) {
  const methods: SecondStepMethod[] = [...FACTOR_ORDER.filter((kind) => kinds.includes(kind)), 'recovery'];
  return { mfaRequired: true as const, methods };
}
export type SecondStepJson = ReturnType<typeof presentSecondStep>;

/** `POST /api/simple-auth/mfa/totp`: what the user scans or types into the authenticator app. */
export function presentTotpEnrolment(factorId: number, secret: string, otpauthUri: string, qrSvg: string) {
  return { factorId, secret, otpauthUri, qrSvg };
}
export type TotpEnrolmentJson = ReturnType<typeof presentTotpEnrolment>;
