// PKCE with the S256 method (RFC 7636), shared by the CLI's OAuth login and the emulator's authorization server.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** RFC 7636 4.1: a verifier is 43 to 128 characters of [A-Z a-z 0-9 - . _ ~]. */
const verifierPattern = /^[A-Za-z0-9\-._~]{43,128}$/

/** Whether a string is a well-formed code verifier (RFC 7636 4.1). */
export function isValidVerifier(verifier: string): boolean {
  return verifierPattern.test(verifier)
}

/** A fresh verifier: 32 random bytes as base64url, 43 characters, as RFC 7636 4.1 recommends. */
export function createVerifier(): string {
  return randomBytes(32).toString('base64url')
}

/** The S256 challenge of a verifier: BASE64URL(SHA256(ASCII(verifier))) without padding (RFC 7636 4.2). */
export function challengeS256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url')
}

/** A verifier with its S256 challenge, for one authorization request (RFC 7636 4.1–4.3). */
export function createPkcePair(): { verifier: string; challenge: string; method: 'S256' } {
  const verifier = createVerifier()
  return { verifier, challenge: challengeS256(verifier), method: 'S256' }
}

/** The server's check (RFC 7636 4.6): the verifier is well-formed and its S256 challenge equals the stored one. */
export function verifyS256(verifier: string, challenge: string): boolean {
  if (!isValidVerifier(verifier)) return false
  const a = Buffer.from(challengeS256(verifier))
  const b = Buffer.from(challenge)
  return a.length === b.length && timingSafeEqual(a, b)
}
