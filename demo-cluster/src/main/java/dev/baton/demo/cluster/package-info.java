/**
 * The launcher's parts: ensemble, database, workers, observer, fault injector and the state shown.
 */
package dev.baton.demo.cluster;
