import type { Order } from '@atrium/sdk/modules/ecom';
import { Button, Card, Stack, Text, Textarea, Timeline, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMessage, IconPoint } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from '../strings.ts';
import { formatDateTime } from '../../shared/format.ts';
import { useAddComment } from '../api/orders.ts';
import { describeActivity } from '../lib/order-text.ts';

const o = t.order;

/** What happened to the order, newest first, and a comment box for the team (owners and admins). */
export function OrderTimeline({ order, canComment }: { order: Order; canComment: boolean }) {
  const [message, setMessage] = useState('');
  const comment = useAddComment(order.id, {
    onSuccess: () => {
      setMessage('');
      notifications.show({ color: 'teal', message: o.commented });
    },
  });
  const activities = [...order.activities].sort((a, b) => b.createdDate.getTime() - a.createdDate.getTime());
  return (
    <Card p="lg" component="section" aria-label={o.timeline}>
      <Stack gap="md">
        <Title order={3} fz="md">
          {o.timeline}
        </Title>
        {canComment ? (
          <Stack gap="xs">
            <Textarea
              label={o.comment}
              placeholder={o.commentPlaceholder}
              autosize
              minRows={2}
              maxLength={5000}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
            />
            <Button
              size="xs"
              variant="light"
              style={{ alignSelf: 'flex-end' }}
              disabled={!message.trim()}
              loading={comment.isPending}
              onClick={() => comment.mutate(message.trim())}
            >
              {o.postComment}
            </Button>
          </Stack>
        ) : null}
        <Timeline bulletSize={22} lineWidth={2} active={activities.length}>
          {activities.map((activity) => {
            const { title, detail } = describeActivity(activity, order.currency);
            const isComment = activity.type === 'MERCHANT_COMMENT';
            return (
              <Timeline.Item
                key={activity.id}
                title={title}
                bullet={isComment ? <IconMessage size={12} /> : <IconPoint size={12} />}
                data-testid="order-activity"
              >
                {detail ? (
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {detail}
                  </Text>
                ) : null}
                <Text size="xs" c="dimmed" mt={2}>
                  {formatDateTime(activity.createdDate)}
                </Text>
              </Timeline.Item>
            );
          })}
        </Timeline>
      </Stack>
    </Card>
  );
}
