/** The launcher's parts: ensemble, database, workers, observer, faults and the state shown. */
package dev.baton.demo.cluster;
