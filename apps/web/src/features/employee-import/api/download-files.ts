import { apiClient, saveFile } from '@/lib/api-client';

export type TemplateFormat = 'csv' | 'xlsx';

/** The empty import template with its header row (and an example row), named by the server. */
export async function downloadTemplate(companyId: string, format: TemplateFormat): Promise<void> {
  const file = await apiClient.download(
    `/api/v1/companies/${encodeURIComponent(companyId)}/employee-imports/template`,
    { params: { format } },
  );
  saveFile(file, `employee-import-template.${format}`);
}

/** Every error of an import (Row, Column, Value, Message), not just the first 200 the preview carries. */
export async function downloadErrors(importId: string): Promise<void> {
  const file = await apiClient.download(
    `/api/v1/employee-imports/${encodeURIComponent(importId)}/errors.csv`,
  );
  saveFile(file, 'import-errors.csv');
}
