import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MarkNoticesRead,
  NoticePage,
  NoticeQuery,
  NoticesRead,
  NotificationSettings,
  NotificationSettingsBody,
} from '../../../common/notices.ts';
import { currentUser } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';

/** The signed-in user's own notices and which of them they also want by email. */
export function noticeRoutes(
  app: FastifyInstance,
  { ownerNotices }: Pick<Services, 'ownerNotices'>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { access: 'user' as const };

  api.get(
    '/api/user/notices',
    { config: user, schema: { querystring: NoticeQuery, response: { 200: NoticePage } } },
    (request) => ownerNotices.list(currentUser(request).id, request.query.page),
  );

  api.post(
    '/api/user/notices/read',
    { config: user, schema: { body: MarkNoticesRead, response: { 200: NoticesRead } } },
    (request) => ownerNotices.markRead(currentUser(request).id, request.body),
  );

  api.get(
    '/api/user/notifications',
    { config: user, schema: { response: { 200: NotificationSettings } } },
    (request) => ownerNotices.settings(currentUser(request).id),
  );

  api.put(
    '/api/user/notifications',
    {
      config: user,
      schema: { body: NotificationSettingsBody, response: { 200: NotificationSettings } },
    },
    (request) => ownerNotices.updateSettings(currentUser(request).id, request.body),
  );
}
