/**
 * Load profiles: one description drives Gatling's injection and labels the recorded
 * seconds with their step and offered load.
 */
package dev.rvl.gatling.profile;
