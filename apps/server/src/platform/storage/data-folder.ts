// The data folder (database files with password hashes and signing keys, documents) is readable
// by its owner only, whatever the umask: folders 0700, files 0600. server.ts also sets
// the process umask to 077 so that whatever is created later (PGlite's files, uploads) is too;
// this makes a folder left more open by an earlier version or another tool right at start.
export { ownerOnly as secureFolder } from '../../db/owner-only';
