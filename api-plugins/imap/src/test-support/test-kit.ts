// What other packages' tests use of the imap plugin's test support (source only, `development` condition).
export { dovecotUnavailableReason, startDovecot, type TestDovecot } from './start-dovecot.js';
export { startSmtpServer, type ReceivedMail, type TestSmtpServer } from './start-smtp-server.js';
export { startImapPlatform, type ImapTestPlatform } from './start-imap-platform.js';
