import { Binary, type Document } from 'bson';
import { MongoCommandError } from '../errors.js';
import { ScramConversation, ScramError, parseClientFirst } from './scram-conversation.js';
import type { UserDirectory } from './users.js';

const MECHANISM = 'SCRAM-SHA-256';

/** The commands mongod answers before authentication: the handshake, `ping`, `buildInfo` and SASL itself. */
const ALLOWED_UNAUTHENTICATED = new Set(['hello', 'isMaster', 'ismaster', 'ping', 'buildInfo', 'buildinfo', 'saslStart', 'saslContinue']);

function payloadText(payload: unknown): string {
  if (payload instanceof Binary) return Buffer.from(payload.buffer.subarray(0, payload.position)).toString('utf8');
  if (payload instanceof Uint8Array) return Buffer.from(payload).toString('utf8');
  if (typeof payload === 'string') return payload;
  throw new MongoCommandError(14, 'TypeMismatch', 'payload must be binary data');
}

const binary = (text: string) => new Binary(Buffer.from(text, 'utf8'));

function authenticationFailed(): MongoCommandError {
  return new MongoCommandError(18, 'AuthenticationFailed', 'Authentication failed.');
}

/** mongod's refusal of a command that needs an authenticated connection. */
export function unauthorized(command: string): MongoCommandError {
  return new MongoCommandError(13, 'Unauthorized', `Command ${command} requires authentication`);
}

/**
 * One connection's authentication, as mongod runs it: SCRAM-SHA-256 through `saslStart`/`saslContinue` or
 * started inside `hello` (`speculativeAuthenticate`, as the Node.js driver sends it), then every command is
 * allowed. Until then only the handshake commands are.
 */
export class ConnectionAuthentication {
  private conversation: { id: number; db: string; username: string; scram: ScramConversation } | undefined;
  private conversations = 0;
  user: { user: string; db: string } | undefined;

  constructor(
    private readonly users: UserDirectory,
    private readonly peer: string,
    private readonly log: (line: string) => void,
  ) {}

  allows(command: string): boolean {
    return this.user !== undefined || ALLOWED_UNAUTHENTICATED.has(command);
  }

  saslStart(command: Document, db: string): Document {
    if (command.mechanism !== MECHANISM) {
      throw new MongoCommandError(334, 'MechanismUnavailable', `Received authentication for mechanism ${String(command.mechanism)} which is not enabled`);
    }
    let clientFirst;
    try {
      clientFirst = parseClientFirst(payloadText(command.payload));
    } catch (error) {
      if (error instanceof ScramError) throw new MongoCommandError(17, 'ProtocolError', error.message);
      throw error;
    }
    const credential = this.users.find(db, clientFirst.username);
    if (!credential) {
      this.log(`authentication failed for ${clientFirst.username}@${db} from ${this.peer}: no such user`);
      throw authenticationFailed();
    }
    this.conversations += 1;
    const scram = new ScramConversation(clientFirst, credential);
    this.conversation = { id: this.conversations, db, username: clientFirst.username, scram };
    return { conversationId: this.conversations, done: false, payload: binary(scram.serverFirst), ok: 1 };
  }

  saslContinue(command: Document): Document {
    const conversation = this.conversation;
    if (!conversation || conversation.id !== Number(command.conversationId)) {
      throw new MongoCommandError(17, 'ProtocolError', 'No SASL session state found');
    }
    this.conversation = undefined;
    let serverFinal: string;
    try {
      serverFinal = conversation.scram.finish(payloadText(command.payload));
    } catch (error) {
      if (!(error instanceof ScramError)) throw error;
      this.log(`authentication failed for ${conversation.username}@${conversation.db} from ${this.peer}: ${error.message}`);
      throw authenticationFailed();
    }
    this.user = { user: conversation.username, db: conversation.db };
    // Done at once: mongod skips the empty last exchange when the client asks (`skipEmptyExchange`), and the Node.js driver accepts it either way.
    return { conversationId: conversation.id, done: true, payload: binary(serverFinal), ok: 1 };
  }

  /** Adds to a `hello` reply what the handshake asked for: the user's mechanisms and the first step of speculative authentication. */
  answerHandshake(command: Document, reply: Document): void {
    const supported: unknown = command.saslSupportedMechs;
    if (typeof supported === 'string') {
      const dot = supported.indexOf('.');
      if (dot > 0 && this.users.find(supported.slice(0, dot), supported.slice(dot + 1))) reply.saslSupportedMechs = [MECHANISM];
    }
    const speculative: unknown = command.speculativeAuthenticate;
    if (typeof speculative !== 'object' || speculative === null) return;
    const start = speculative as Document;
    try {
      // A failed speculative start is left out of the reply, as mongod does: the driver then runs saslStart and gets the error.
      if (start.saslStart === undefined) return;
      const first = this.saslStart(start, typeof start.db === 'string' ? start.db : 'admin');
      delete first.ok;
      reply.speculativeAuthenticate = first;
    } catch {
      this.conversation = undefined;
    }
  }
}
