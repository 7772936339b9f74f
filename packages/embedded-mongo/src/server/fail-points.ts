import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError, badValue } from '../errors.js';

/**
 * mongod's `failCommand` fail point, a test hook: `configureFailPoint` makes the named commands fail
 * with an error code (and labels), or close the connection, `times` times or until turned off. Like
 * mongod, which has it only with `enableTestCommands`, the server offers it only when started with that
 * option (the conformance tests do, for the CRUD specification tests that use it); otherwise the
 * command does not exist (59).
 */
interface FailCommand {
  remaining: number | 'always';
  commands: Set<string>;
  appName?: string;
  errorCode?: number;
  errorLabels?: unknown[];
  closeConnection: boolean;
}

export type FailPointHit = { closeConnection: true } | { reply: Document };

export class FailPoints {
  private failCommand: FailCommand | undefined;
  private entered = 0;

  configure(command: Document): Document {
    if (command.configureFailPoint !== 'failCommand') throw badValue(`Unknown fail point: ${String(command.configureFailPoint)} (only failCommand)`);
    const mode = command.mode as unknown;
    const previous = { count: this.entered, ok: 1 };
    if (mode === 'off') {
      this.failCommand = undefined;
      return previous;
    }
    const remaining = mode === 'alwaysOn' ? 'always' : typeof mode === 'object' && mode !== null && typeof (mode as Document).times === 'number' ? ((mode as Document).times as number) : undefined;
    if (remaining === undefined) throw badValue("fail point mode must be 'off', 'alwaysOn' or {times: n}");
    const data = (command.data ?? {}) as Document;
    if (!Array.isArray(data.failCommands)) throw badValue("failCommand needs data.failCommands");
    if (data.blockConnection !== undefined || data.writeConcernError !== undefined) throw new MongoCommandError(ErrorCodes.NotImplemented, 'NotImplemented', 'failCommand blockConnection and writeConcernError are not implemented by embedded-mongo');
    this.failCommand = {
      remaining,
      commands: new Set(data.failCommands as string[]),
      appName: typeof data.appName === 'string' ? data.appName : undefined,
      errorCode: typeof data.errorCode === 'number' ? data.errorCode : undefined,
      errorLabels: Array.isArray(data.errorLabels) ? data.errorLabels : undefined,
      closeConnection: data.closeConnection === true,
    };
    this.entered = 0;
    return previous;
  }

  /** What happens to this command: nothing (undefined), an error reply, or a closed connection. */
  hit(commandName: string, appName: string | undefined): FailPointHit | undefined {
    const point = this.failCommand;
    if (!point || !point.commands.has(commandName)) return undefined;
    if (point.appName !== undefined && point.appName !== appName) return undefined;
    if (point.remaining !== 'always') {
      point.remaining -= 1;
      if (point.remaining <= 0) this.failCommand = undefined;
    }
    this.entered += 1;
    if (point.closeConnection) return { closeConnection: true };
    const reply: Document = { ok: 0, code: point.errorCode ?? 1, codeName: 'FailPoint', errmsg: "Failing command via 'failCommand' failpoint" };
    if (point.errorLabels) reply.errorLabels = point.errorLabels;
    return { reply };
  }
}
