/**
 * The reactive app: packages mirror the Loom app ({@code order}, {@code partner},
 * {@code bulk}, {@code web}, {@code config}) so the two read side by side.
 */
package dev.rvl.reactive;
