-- The order schema both apps use. One Flyway history, shipped in shared-domain.

CREATE TABLE customer (
    id      bigint PRIMARY KEY,
    name    text    NOT NULL,
    email   text    NOT NULL UNIQUE,
    tier    text    NOT NULL CHECK (tier IN ('STANDARD', 'SILVER', 'GOLD')),
    country char(2) NOT NULL
);

CREATE TABLE product (
    sku          text    PRIMARY KEY CHECK (sku ~ '^SKU-[0-9]{5}$'),
    name         text    NOT NULL,
    price_cents  bigint  NOT NULL CHECK (price_cents > 0),
    stock        integer NOT NULL CHECK (stock >= 0),
    weight_grams integer NOT NULL CHECK (weight_grams > 0)
);

CREATE TABLE purchase_order (
    id              uuid        PRIMARY KEY,
    customer_id     bigint      NOT NULL REFERENCES customer (id),
    -- NULL for orders placed without a key; unique otherwise: the index alone settles racing duplicates.
    idempotency_key text        UNIQUE,
    request_hash    text        NOT NULL,
    status          text        NOT NULL,
    subtotal_cents  bigint      NOT NULL CHECK (subtotal_cents > 0),
    discount_cents  bigint      NOT NULL CHECK (discount_cents >= 0),
    shipping_cents  bigint      NOT NULL CHECK (shipping_cents >= 0),
    tax_cents       bigint      NOT NULL CHECK (tax_cents >= 0),
    total_cents     bigint      NOT NULL,
    carrier         text        NOT NULL,
    fraud_score     integer     NOT NULL,
    created_at      timestamptz NOT NULL,
    CHECK (total_cents = subtotal_cents - discount_cents + shipping_cents + tax_cents)
);

-- The list endpoint: a customer's orders, newest first.
CREATE INDEX purchase_order_customer_created ON purchase_order (customer_id, created_at DESC, id);

CREATE TABLE order_line (
    order_id         uuid    NOT NULL REFERENCES purchase_order (id) ON DELETE CASCADE,
    line_no          integer NOT NULL CHECK (line_no >= 1),
    sku              text    NOT NULL REFERENCES product (sku),
    quantity         integer NOT NULL CHECK (quantity BETWEEN 1 AND 100),
    unit_price_cents bigint  NOT NULL CHECK (unit_price_cents > 0),
    line_total_cents bigint  NOT NULL CHECK (line_total_cents = unit_price_cents * quantity),
    PRIMARY KEY (order_id, line_no)
);
