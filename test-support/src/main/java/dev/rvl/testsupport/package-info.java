/**
 * What every harness of this project needs once: free ports, child processes, databases
 * and Prometheus text parsing; used by the contract suites, the comparison runner and the
 * apps' tests.
 */
package dev.rvl.testsupport;
