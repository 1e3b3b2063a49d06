/**
 * The demo's live web dashboard: {@link dev.baton.demo.web.Dashboard} serves a single page (static
 * files under {@code web/} on the classpath) that polls {@code GET /api/state} twice a second and
 * injects faults with {@code POST /api/faults/<kind>}; the launcher supplies both through {@link
 * dev.baton.demo.web.DemoBackend}.
 *
 * <p>The page shows the ZooKeeper ensemble, the scheduler's leader and its fencing token, the
 * workers, the partition map, the fenced writes that were rejected and a timeline of terms,
 * ownership and faults. It uses no framework and no network beyond its own server, so it works
 * offline.
 */
package dev.baton.demo.web;
