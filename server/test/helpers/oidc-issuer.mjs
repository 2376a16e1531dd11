// A real OpenID Connect issuer (oauth2-mock-server) in its own process, because the package is
// ESM-only and jest runs CommonJS. Claims for the next token come from the JSON file in argv[2].
import { readFileSync } from 'node:fs';
import { OAuth2Server } from 'oauth2-mock-server';

const claimsFile = process.argv[2];
const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
server.service.on('beforeTokenSigning', (token) => {
  Object.assign(token.payload, JSON.parse(readFileSync(claimsFile, 'utf8')));
});
await server.start(0, '127.0.0.1');
process.stdout.write(`${server.issuer.url}\n`);
process.on('SIGTERM', () => server.stop().then(() => process.exit(0)));
