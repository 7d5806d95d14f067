// The console's own session and the staff accounts (docs/backoffice.md « Comptes »): who is
// signed in, sign-out, the staff list, and the accounts supervisors create.
import type { FastifyInstance } from 'fastify';

export default async function staffRoutes(_app: FastifyInstance) {}
