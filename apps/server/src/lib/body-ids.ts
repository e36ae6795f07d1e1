import type { FastifyRequest } from 'fastify';
import { problems } from './problem.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A PUT body's own ids and the address's parameter each must equal (`{ DepartmentId: 'id' }`): a GET body
     * may be sent back (its ids are output-only), but one record's body sent to another's address is refused,
     * not saved over it.
     */
    bodyIds?: Readonly<Record<string, string>>;
  }
}

/** preHandler: a body naming another record than its address is a 400 naming the field. */
export async function refuseAnotherRecordsBody(request: FastifyRequest): Promise<void> {
  const bodyIds = request.routeOptions.config.bodyIds;
  if (!bodyIds) return;
  const body = request.body as Record<string, unknown> | undefined;
  const params = request.params as Record<string, string | undefined>;
  for (const [field, param] of Object.entries(bodyIds)) {
    const sent = body?.[field];
    const address = params[param];
    if (typeof sent !== 'string' || address === undefined) continue;
    if (sent.toLowerCase() !== address.toLowerCase())
      throw problems.badRequest(`${field} in the body does not match the address.`, [
        { Code: field, Description: `${field}: is another record's; this address is ${address}` },
      ]);
  }
}

/**
 * For a company's single settings record (its address names no id): a body read from another company's settings
 * is a 400 naming CompanyId, not saved over the caller's own.
 */
export function refuseAnotherCompanysBody(body: { CompanyId?: unknown }, companyId: string): void {
  const sent = body.CompanyId;
  if (typeof sent === 'string' && sent.toLowerCase() !== companyId.toLowerCase())
    throw problems.badRequest('CompanyId in the body is not your company.', [
      {
        Code: 'CompanyId',
        Description: "CompanyId: is another company's; these are your company's settings",
      },
    ]);
}
