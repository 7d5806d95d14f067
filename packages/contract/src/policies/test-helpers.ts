// What the tests of the rules on a policy's documents share: a document in a given status.
import type { DocumentStatus } from './policy';

export const testDocument = (status: DocumentStatus | null, name = 'Permis') => ({
  name,
  description: '',
  fileType: 'permis',
  status,
  canResend: false,
  maxFileNumber: null,
  exactFileNumber: null,
  filesReceived: 0,
});
