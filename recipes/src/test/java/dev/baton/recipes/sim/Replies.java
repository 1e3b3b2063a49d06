package dev.baton.recipes.sim;

/** How the loop feeds the reply to one of its own requests back to the machine. */
enum Replies {
  /**
   * At once: the loop calls the machine with the reply before it takes any other event, and the
   * reply's actions run before what remained of the batch (a loop that dispatches replies as nested
   * calls). The default: the contract the machine needs (see finding F2).
   */
  IMMEDIATE,
  /**
   * Queued: the reply joins the loop's queue behind the events that arrived while the request ran
   * (a loop that posts {@code on(reply)} as a task of its own).
   */
  QUEUED
}
