// Removes the run's data folder (database and documents) once the server has stopped.
import { rm } from 'node:fs/promises';

export default async function globalTeardown() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir?.includes('espace-e2e-')) await rm(dataDir, { recursive: true, force: true });
}
