/**
 * What both apps share: request and view records, validation, pricing, the problem
 * catalogue, the SQL they execute and the settings they read. Plain Java (Jackson only to
 * read request JSON the same way in both apps); no Spring, Reactor or JDBC types.
 */
package dev.rvl.domain;
