package dev.rvl.domain.sql;

/**
 * Read access to the current row of a result, by column name. Both drivers' rows fit as
 * method references: JDBC's {@code resultSet::getObject} and R2DBC's {@code row::get}.
 *
 * @param <E> what reading a column may throw ({@code SQLException} for JDBC)
 */
@FunctionalInterface
public interface Columns<E extends Exception> {

	<T> T get(String column, Class<T> type) throws E;

}
