/**
 * The Loom app: packages mirror the reactive app ({@code order}, {@code partner},
 * {@code bulk}, {@code web}, {@code config}) so the two read side by side;
 * {@code concurrent} holds the one thing Reactor gives the other app for free: forking
 * tasks and joining them under a deadline.
 */
package dev.rvl.loom;
