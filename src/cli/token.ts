import { ConfigError, loadConfig } from '../config.js';
import { parseTokenArgs, signDeveloperToken, TOKEN_USAGE, UsageError, type TokenRequest } from './developer-token.js';

/** `npm run token -- --sub alice [--role service] [--project p] [--expires 1h]`: prints a signed bearer token. */
async function main(): Promise<number> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(TOKEN_USAGE);
    return 0;
  }
  let request: TokenRequest;
  try {
    request = parseTokenArgs(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`${err.message}\n\n${TOKEN_USAGE}`);
    return 2;
  }
  try {
    const token = await signDeveloperToken(loadConfig(), request);
    process.stdout.write(`${token}\n`);
    console.error(
      `token for ${request.role} "${request.sub}" of project "${request.projectId}", ` +
        `${request.expiresIn ? `expires in ${request.expiresIn}` : 'never expires'}`,
    );
    return 0;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    return 1;
  }
}

process.exitCode = await main();
