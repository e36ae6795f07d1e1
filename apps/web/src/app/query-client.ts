import { createQueryClient } from '@/lib/query-client';

/** The app's one query cache; cleared whenever a session ends so the next user never sees the last one's data. */
export const queryClient = createQueryClient();
