// A self-signed certificate for 127.0.0.1, made by openssl for the tests that need an https
// server on the loopback (a broker's webhook endpoint): its key and certificate in PEM, and the
// certificate's file (removed when the test file ends), which the server under test is told to trust (NODE_EXTRA_CA_CERTS).
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { scratchDir } from './scratch';

export interface TlsCertificate {
  key: string;
  cert: string;
  certFile: string;
}

export async function selfSignedCertificate(): Promise<TlsCertificate> {
  const dir = scratchDir('espace-tls-');
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  await promisify(execFile)('openssl', [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
    ...['-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=127.0.0.1'],
    ...['-addext', 'subjectAltName=IP:127.0.0.1'],
  ]);
  const [key, cert] = await Promise.all([readFile(keyFile, 'utf8'), readFile(certFile, 'utf8')]);
  return { key, cert, certFile };
}
