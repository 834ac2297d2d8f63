/**
 * The contract both apps must honour, as one black-box HTTP suite
 * ({@link OrderApiContract}) and the fixtures it needs: the real partner stub in a child
 * process and a PostgreSQL database of its own.
 */
package dev.rvl.contract;
