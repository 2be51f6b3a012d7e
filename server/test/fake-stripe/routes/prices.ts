import { exactly, ours, positiveInt, type Route, refused, required, text } from '../route.ts';
import { list, priceJson } from '../shapes.ts';
import { type FakeStripeState, find, newId, type Price } from '../state.ts';

export const priceRoutes = (state: FakeStripeState): Route[] => [
  {
    method: 'GET',
    path: /^\/v1\/prices$/,
    allowed: ['lookup_keys', 'active', 'limit'],
    handle: (_, form) => {
      const keys = form.lookup_keys;
      if (!Array.isArray(keys)) throw ours('We expected lookup_keys[0].', 'lookup_keys');
      const active = text(form, 'active');
      const found = [...state.prices.values()]
        .filter((p) => p.lookupKey !== null && keys.includes(p.lookupKey))
        .filter((p) => active === undefined || String(p.active) === active);
      const limit = Number(text(form, 'limit') ?? 10);
      return list('/v1/prices', found.slice(0, limit).map(priceJson), found.length > limit);
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/prices$/,
    needsKey: true,
    allowed: [
      'unit_amount',
      'currency',
      'recurring',
      'lookup_key',
      'product',
      'product_data',
      'transfer_lookup_key',
    ],
    handle: (_, form) => {
      const unitAmount = positiveInt(form, 'unit_amount');
      exactly(form, 'currency', 'usd');
      const recurring = form.recurring;
      if (
        typeof recurring !== 'object' ||
        Array.isArray(recurring) ||
        recurring.interval !== 'month'
      ) {
        throw ours('We expected recurring[interval]=month.', 'recurring');
      }
      const lookupKey = required(form, 'lookup_key');
      const holder = [...state.prices.values()].find((p) => p.lookupKey === lookupKey);
      if (holder && text(form, 'transfer_lookup_key') !== 'true') {
        throw refused({
          message: `A price (\`${holder.id}\`) already uses that lookup key.`,
          param: 'lookup_key',
        });
      }
      let product = text(form, 'product');
      const productData = form.product_data;
      if (product) {
        find(state.products, 'product', product, 'product');
      } else if (typeof productData === 'object' && !Array.isArray(productData)) {
        const name = typeof productData.name === 'string' ? productData.name : '';
        if (!name) throw ours('Missing required param: product_data[name].', 'product_data');
        product = newId('prod');
        state.products.set(product, { id: product, object: 'product', name, active: true });
      } else {
        throw ours('Missing required param: product or product_data.', 'product');
      }
      if (holder) holder.lookupKey = null;
      const price: Price = { id: newId('price'), product, unitAmount, lookupKey, active: true };
      state.prices.set(price.id, price);
      return priceJson(price);
    },
  },
];
