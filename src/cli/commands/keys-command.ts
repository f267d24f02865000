import { defineCommand } from '../cli-command.js';
import { EXIT_ERROR, EXIT_OK } from '../../util/exit-codes.js';

/** `beancrawl keys JOB|FOLDER`: a Web Bot Auth key pair and the key directory to publish. */
export const keysCommand = defineCommand({
  names: ['keys'],
  operands: { usage: 'JOB|FOLDER', min: 1, max: 1, needs: 'a job or a folder', example: 'jobs/site' },
  options: {},
  summary: 'Make a key pair for signed requests (Web Bot Auth) and its key directory.',
  details: 'Writes FOLDER/keys/web-bot-auth.pem, the private key (PKCS #8 PEM, mode 600: never printed, and a key others can read is '
    + 'BC_KEY_EXPOSED at verify), and FOLDER/keys/http-message-signatures-directory, the public key as a JWKS with its JWK thumbprint as '
    + '`kid`, to serve at https://YOUR-AGENT/.well-known/http-message-signatures-directory with Content-Type '
    + 'application/http-message-signatures-directory+json. Refuses (exit 1) when either file exists. In a job folder the key is where '
    + 'FetchHttp\'s signingKeyFile looks by default; for a key shared by jobs, give a folder and set signingKeyFile to it. Prints the key id '
    + '(the thumbprint signatures carry as keyid). Turn signing on with fetchHttp.signRequests=true and fetchHttp.signatureAgent=URL.',
  async run({ operands: [folder] }, io) {
    const { makeSigningKeys } = await import('../../job/make-signing-keys.js');
    const { KEY_DIRECTORY_MEDIA_TYPE, KEY_DIRECTORY_PATH } = await import('../../util/http-signatures/key-directory.js');
    const made = await makeSigningKeys(folder);
    if ('exists' in made) {
      io.err(`beancrawl: ${made.exists} exists: keys are never overwritten (move it away first to make new ones)`);
      return EXIT_ERROR;
    }
    io.out(`key id (JWK thumbprint): ${made.keyid}`);
    io.out(`private key (owner only, never share it): ${made.keyFile}`);
    io.out(`key directory: ${made.directoryFile}`);
    io.out(`publish the key directory at https://YOUR-AGENT${KEY_DIRECTORY_PATH} with Content-Type: ${KEY_DIRECTORY_MEDIA_TYPE}, `
      + 'then set fetchHttp.signRequests=true and fetchHttp.signatureAgent=https://YOUR-AGENT');
    return EXIT_OK;
  },
});
