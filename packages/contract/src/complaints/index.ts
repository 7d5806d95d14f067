// Customer complaints (docs/product/complaints.md; ACPR recommendation 2022-R-01).
export * from './complaints';
export * from './deadlines';
export * from './texts';
export * from './console-complaints';
