import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { User } from '../../common/api.ts';
import { responseSerializerCompiler } from './serializer.ts';

const route = (schema: z.ZodType) => ({
  schema,
  method: 'GET',
  url: '/api/test',
  httpStatus: '200',
});

const user = {
  id: 7,
  username: 'alice',
  email: null,
  role: 'user',
  createdAt: '2026-11-23T10:00:00.000Z',
  stripeCustomerId: null,
  paymentMethodId: null,
  planType: 'free',
  uniqueFormUrl: 'abc',
};

describe('responseSerializerCompiler', () => {
  const fast = responseSerializerCompiler({ check: false });
  const checked = responseSerializerCompiler({ check: true });

  it('writes exactly the declared fields: a password hash on the row never reaches the body', () => {
    const row = { ...user, passwordHash: '$argon2id$secret', isActive: true };
    const body = JSON.parse(fast(route(User))(row));
    expect(body).toEqual(user);
    expect(JSON.stringify(body)).not.toContain('argon2id');
  });

  it('writes the same JSON as zod would for the same answer', () => {
    const schema = z.object({
      items: z.array(z.object({ id: z.number(), label: z.string().nullable() })),
      total: z.number().int(),
      kind: z.enum(['a', 'b']).optional(),
      tags: z.record(z.string(), z.number()),
    });
    const answer = {
      items: [
        { id: 1, label: 'x "quoted"\n' },
        { id: 2, label: null },
      ],
      total: 2,
      tags: { k: 1 },
    };
    expect(JSON.parse(fast(route(schema))(answer))).toEqual(schema.parse(answer));
  });

  it('keeps zod for schemas JSON Schema cannot express', () => {
    const schema = z.object({ at: z.date() });
    expect(fast(route(schema))({ at: new Date('2026-01-02T03:04:05Z') })).toBe(
      '{"at":"2026-01-02T03:04:05.000Z"}',
    );
  });

  it('with check on, an answer that breaks the contract fails instead of being sent', () => {
    expect(() => checked(route(User))({ ...user, role: 'owner' })).toThrow();
    expect(() => checked(route(User))({ ...user, createdAt: 'yesterday' })).toThrow();
    expect(JSON.parse(checked(route(User))(user))).toEqual(user);
  });
});
