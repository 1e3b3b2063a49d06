/** The dashboard: one page polling {@code GET /api/state} and posting faults, no framework. */
package dev.baton.demo.web;
