/** docs/product/README.md: the performance and debug aid runs only on development and brand hosts. */
export function isDebugHost(hostname: string): boolean {
  return ['localhost', 'lumen', 'vireo'].some((part) => hostname.includes(part));
}
