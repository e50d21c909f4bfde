// The HMAC-SHA256 signer of scenario calls (service-interface 5.5; wire.md Scenarios), shared by the client, which
// signs the exact bytes it sends, and the emulator, which verifies the exact bytes it received.
import { createHmac, timingSafeEqual } from 'node:crypto'

/** The signature of `bytes`: lowercase hex HMAC-SHA256 keyed by `secret` (wire.md: "hex, lowercase"). */
export function signBody(secret: string | Uint8Array, bytes: string | Uint8Array): string {
  return createHmac('sha256', secret).update(bytes).digest('hex')
}

const hexSignature = /^[0-9a-f]{64}$/

/**
 * Whether `given` is the signature of `bytes`. Only the canonical lowercase 64-digit hex form is accepted; the length
 * and form are checked before the constant-time comparison, which needs equal lengths and must not leak a prefix.
 */
export function verifySignature(secret: string | Uint8Array, bytes: string | Uint8Array, given: string): boolean {
  if (given.length !== 64 || !hexSignature.test(given)) return false
  const expected = Buffer.from(signBody(secret, bytes), 'hex')
  return timingSafeEqual(expected, Buffer.from(given, 'hex'))
}

/** Constant-time equality of two secrets given as strings (X-Webhook-Secret, service-interface 5.6); length first. */
export function secretsEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8')
  const b = Buffer.from(given, 'utf8')
  if (a.length !== b.length) return false
  return timingSafeEqual(a, b)
}
