/**
 * Spring glue both apps share, so it is the same by construction: settings binding, the
 * admission limit, problem rendering and order metrics. Uses only types common to Spring
 * MVC and Spring WebFlux.
 */
package dev.rvl.web;
