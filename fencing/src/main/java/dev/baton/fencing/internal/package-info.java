/** Helpers shared by the fences and the recipes built on them; not a public API. */
package dev.baton.fencing.internal;
