/**
 * Request builders of the order API, with their checks.
 */
package dev.rvl.gatling.endpoints;
