/** The two databases the server runs on; migrations branch on it where column types differ. */
export type Dialect = 'sqlite' | 'postgres';
