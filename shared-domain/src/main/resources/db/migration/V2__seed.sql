-- Deterministic seed; dev.rvl.domain.seed.SeedData states the same formulas in Java (a test checks
-- that they agree). Benchmarks return to this state with db/reset.sql.

INSERT INTO customer (id, name, email, tier, country)
SELECT id,
       'Customer ' || id,
       'customer' || id || '@example.com',
       CASE WHEN id % 10 = 0 THEN 'GOLD' WHEN id % 10 IN (3, 6) THEN 'SILVER' ELSE 'STANDARD' END,
       (ARRAY ['DE', 'FR', 'NL', 'ES', 'IT', 'PL', 'GB', 'US'])[1 + id % 8]
FROM generate_series(1, 10000) AS id;

INSERT INTO product (sku, name, price_cents, stock, weight_grams)
SELECT 'SKU-' || lpad(n::text, 5, '0'),
       'Product ' || n,
       199 + (n * 7919) % 20000,
       1000000,
       50 + (n * 131) % 4950
FROM generate_series(1, 1000) AS n;
