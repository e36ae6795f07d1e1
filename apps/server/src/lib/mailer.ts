import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../db/database.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Mail goes through the outbox: queued in the caller's transaction (so a rolled-back change sends nothing),
 * then delivered after commit through SMTP when SMTP_URL is set, else only kept in the outbox and logged.
 */
export class Mailer {
  private readonly transport;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    smtpUrl: string | undefined,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  }

  async queue(tx: Tx, tenantId: string, message: MailMessage): Promise<string> {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO mail_outbox (tenant_id, recipient, subject, body_text) VALUES ($1, $2, $3, $4) RETURNING id`,
      [tenantId, message.to, message.subject, message.text],
    );
    return row!.id;
  }

  /** Delivers queued messages; failures are recorded on the outbox row, never thrown at the caller. */
  async deliver(tenantId: string, ids: string[]): Promise<void> {
    try {
      await this.deliverEach(tenantId, ids);
    } catch (err) {
      // Even the database failing (a shutdown mid-delivery) is logged, not an unhandled rejection.
      this.log.warn({ err }, 'mail delivery stopped; messages stay in the outbox');
    }
  }

  private async deliverEach(tenantId: string, ids: string[]): Promise<void> {
    for (const id of ids) {
      const [message] = await this.db.withTenant(tenantId, (tx) =>
        tx.query<{ recipient: string; subject: string; body_text: string }>(
          `SELECT recipient, subject, body_text FROM mail_outbox WHERE tenant_id = $1 AND id = $2 AND sent_at IS NULL`,
          [tenantId, id],
        ),
      );
      if (!message) continue;
      if (!this.transport) {
        // Recipient and subject only: a body holds names, reasons and remarks, and a reset link is a password.
        this.log.info(
          { to: message.recipient, subject: message.subject },
          'mail kept in outbox (no SMTP_URL)',
        );
        continue;
      }
      try {
        await this.transport.sendMail({
          from: this.from,
          to: message.recipient,
          subject: message.subject,
          text: message.body_text,
        });
        // Once delivered, the outbox keeps the message without its one-time tokens: user_tokens keeps only
        // hashes, and a clear-text copy here would be a live reset link for anyone who can read the table.
        await this.db.withTenant(tenantId, (tx) =>
          tx.query(
            `UPDATE mail_outbox SET sent_at = now(), last_error = NULL, body_text = $3
              WHERE tenant_id = $1 AND id = $2`,
            [tenantId, id, redactTokens(message.body_text)],
          ),
        );
      } catch (error) {
        this.log.warn({ err: error, outboxId: id }, 'mail delivery failed');
        await this.db.withTenant(tenantId, (tx) =>
          tx.query(`UPDATE mail_outbox SET last_error = $3 WHERE tenant_id = $1 AND id = $2`, [
            tenantId,
            id,
            String(error),
          ]),
        );
      }
    }
  }
}

/** The message as it may be kept after delivery: every `token=` value in a link replaced. */
export function redactTokens(text: string): string {
  return text.replace(/([?&]token=)[^\s&#]+/g, '$1(removed after delivery)');
}
