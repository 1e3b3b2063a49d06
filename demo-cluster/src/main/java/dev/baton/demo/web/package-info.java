/**
 * The demo's dashboard: one page that polls {@code GET /api/state} and posts faults, no framework.
 */
package dev.baton.demo.web;
