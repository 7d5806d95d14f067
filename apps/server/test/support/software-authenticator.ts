// A passkey's device for the API tests: a P-256 key made here, answering WebAuthn's ceremonies as
// a platform authenticator does (attestation « none », user present and verified), so a test adds
// a passkey through the real API and signs with it, each answer checked by the server's real
// @simplewebauthn/server. It stands in for the user's phone, as the SMTP stand-in for a mail
// server; the browser specs use Chromium's virtual authenticator instead.
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** Flags of authenticatorData: user present (0x01), verified (0x04), credential attached (0x40). */
const PRESENT_VERIFIED = 0x05;
const WITH_CREDENTIAL = 0x45;

export class SoftwareAuthenticator {
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private readonly rawId = randomBytes(16);
  private counter = 0;

  /** `origin`: the portal's (PUBLIC_URL), whose host is the relying party. */
  constructor(private readonly origin: string) {}

  /** The credential's id, as the server stores it. */
  get id(): string {
    return b64url(this.rawId);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string) {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }),
    );
  }

  /** The answer of `startRegistration` to the options the server gave. */
  register(options: { challenge: string }) {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const publicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.rawId.length);
    const authData = Buffer.concat([
      sha256(new URL(this.origin).hostname),
      Buffer.from([WITH_CREDENTIAL]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      this.rawId,
      publicKey,
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, never>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** The answer of `startAuthentication` to the options the server gave, signed. */
  authenticate(options: { challenge: string }) {
    this.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const authData = Buffer.concat([
      sha256(new URL(this.origin).hostname),
      Buffer.from([PRESENT_VERIFIED]),
      counter,
    ]);
    const clientData = this.clientData('webauthn.get', options.challenge);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientData)]),
      this.keys.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
    };
  }
}
