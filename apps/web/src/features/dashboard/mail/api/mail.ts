import { useQuery } from '@tanstack/react-query';
import type { ListMailQuery } from '@atrium/contract/mail';
import { admin } from '../../shared/api/admin-client.ts';
import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';

const mailKey = ['dashboard', 'mail'] as const;

/** The site's mail, newest first, refreshed while the page is open (mails go out in the background). */
export function useMailLog(filter: Omit<ListMailQuery, 'limit'>, enabled: boolean) {
  return useQuery({
    queryKey: [...mailKey, filter],
    enabled,
    refetchInterval: 5000,
    queryFn: () => admin.mail.listMail({ ...filter, limit: 100 }),
  });
}

type Message = Awaited<ReturnType<typeof admin.mail.resendMail>>;

export function useResendMail(options: ActionOptions<Message, string> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: (id) => admin.mail.resendMail(id),
    invalidates: [mailKey],
  });
}
