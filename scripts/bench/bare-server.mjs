// The yardstick for GET /api/user: a bare Fastify route answering {}.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({}));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
