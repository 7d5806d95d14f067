// The configuration read from the environment (config/config.ts,
// docs/decisions/0023-configuration-logs-and-health.md): every wrong variable listed at once, the
// defaults, what production requires, the external provider's variables.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config';
import { LEGAL_IDENTITY_FIELDS } from '../../src/config/legal-identity';

/** Every legal-identity variable set, as production requires. */
const LEGAL_ENV = Object.fromEntries(
  Object.values(LEGAL_IDENTITY_FIELDS).map(({ env }) => [env, `${env} value`]),
);
/** Production also requires the key that seals the secrets (config/secrets.ts). */
const SECRETS_KEY = Buffer.alloc(32, 1).toString('base64');

describe('configuration', () => {
  it('lists every wrong variable at once', () => {
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        OIDC_ISSUER: 'not a url',
        LOG_LEVEL: 'loud',
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      for (const variable of ['PORT', 'DATABASE_URL', 'OIDC_ISSUER', 'LOG_LEVEL'])
        expect(problems).toContain(variable);
    }
  });

  it('defaults to the embedded provider, port 3000 and demo mode outside production', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      demoMode: true,
      oidc: { embedded: true, issuer: 'http://localhost:3000/oidc' },
    });
    expect(loadConfig({ NODE_ENV: 'production', SECRETS_KEY, ...LEGAL_ENV }).demoMode).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SECRETS_KEY, DEMO_MODE: 'true' }).demoMode).toBe(
      true,
    );
  });

  it('refuses to start in production without the broker’s legal identity, naming what is missing', () => {
    try {
      loadConfig({ NODE_ENV: 'production', LEGAL_BROKER_NAME: 'Courtier Réel SAS' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      for (const { env } of Object.values(LEGAL_IDENTITY_FIELDS)) {
        if (env === 'LEGAL_BROKER_NAME') expect(problems).not.toContain(env);
        else expect(problems).toContain(env);
      }
    }
    const production = loadConfig({ NODE_ENV: 'production', SECRETS_KEY, ...LEGAL_ENV });
    expect(production.legalIdentity.brokerOrias).toBe('LEGAL_BROKER_ORIAS value');
    // Demo mode: a complete fictitious identity, the operator's values first.
    const demo = loadConfig({ LEGAL_BROKER_ORIAS: '12 345 678' }).legalIdentity;
    expect(demo.brokerOrias).toBe('12 345 678');
    expect(Object.values(demo).every((value) => value.length > 0)).toBe(true);
  });

  it('switches to an external provider with OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_AUDIENCE', () => {
    const config = loadConfig({
      OIDC_ISSUER: 'https://sso.example.fr/realms/assure/',
      OIDC_CLIENT_ID: 'portail',
      OIDC_CLIENT_SECRET: 'un-secret-de-client-assez-long',
      OIDC_AUDIENCE: 'portail-api',
    });
    expect(config.oidc).toEqual({
      embedded: false,
      issuer: 'https://sso.example.fr/realms/assure',
      clientId: 'portail',
      clientSecret: 'un-secret-de-client-assez-long',
      audience: 'portail-api',
    });
  });

  it('needs the client secret with an external provider, and only then', () => {
    // The portal's pages sign customers in as that provider's confidential client.
    expect(() => loadConfig({ OIDC_ISSUER: 'https://sso.example.fr/realms/assure' })).toThrow(
      /OIDC_CLIENT_SECRET: requis avec OIDC_ISSUER/,
    );
    expect(() => loadConfig({ OIDC_CLIENT_SECRET: 'un-secret-de-client-assez-long' })).toThrow(
      /OIDC_CLIENT_SECRET: seulement avec OIDC_ISSUER/,
    );
    expect(() =>
      loadConfig({
        OIDC_ISSUER: 'https://sso.example.fr/realms/assure',
        OIDC_CLIENT_SECRET: 'court',
      }),
    ).toThrow(/OIDC_CLIENT_SECRET/);
  });

  it('takes the external provider’s account pages, and refuses them without OIDC_ISSUER', () => {
    const accountUrl = 'https://sso.example.fr/realms/assure/account';
    expect(
      loadConfig({
        OIDC_ISSUER: 'https://sso.example.fr/realms/assure',
        OIDC_CLIENT_SECRET: 'un-secret-de-client-assez-long',
        OIDC_ACCOUNT_URL: accountUrl,
      }).oidc.accountUrl,
    ).toBe(accountUrl);
    expect(() => loadConfig({ OIDC_ACCOUNT_URL: accountUrl })).toThrow(/OIDC_ACCOUNT_URL/);
  });
});

describe('traces configuration (docs/configuration.md « Metrics and traces »)', () => {
  const ENDPOINT = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318' };

  it('exports nothing without an endpoint, protobuf by default, and no client’s trace', () => {
    expect(loadConfig({}).telemetry).toBeUndefined();
    expect(loadConfig(ENDPOINT).telemetry).toEqual({
      protocol: 'http/protobuf',
      trustTraceparent: false,
    });
  });

  it('exports to the traces’ own endpoint alone', () => {
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://otel-collector:4318/v1/traces' })
        .telemetry,
    ).toEqual({ protocol: 'http/protobuf', trustTraceparent: false });
  });

  it('takes the encoding asked, the traces-only variable first, and the operator’s trust', () => {
    expect(
      loadConfig({
        ...ENDPOINT,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
        TRUST_TRACEPARENT: 'yes',
      }).telemetry,
    ).toEqual({ protocol: 'http/json', trustTraceparent: true });
  });

  it('refuses gRPC with a French message', () => {
    expect(() => loadConfig({ ...ENDPOINT, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(
      'OTEL_EXPORTER_OTLP_PROTOCOL: http/protobuf ou http/json (gRPC n’est pas pris en charge)',
    );
  });
});
