/** Helpers shared by the fences; not a public API. */
package dev.baton.fencing.internal;
