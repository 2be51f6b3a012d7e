import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';

/** User Management (admin), one-time password links and the signed-in user's profile. */
export function userRoutes(_app: FastifyInstance, _services: Services) {}
