package dev.rvl.domain.order;

/**
 * A customer as stored.
 *
 * @param id the customer id
 * @param name display name
 * @param email unique e-mail address
 * @param tier the discount tier
 * @param country ISO 3166-1 alpha-2 code; decides the tax rate and the shipping quote
 */
public record Customer(long id, String name, String email, Tier tier, String country) {
}
