/**
 * Checks of the container files at the repo root: docker-compose.yml and demo-cluster/Dockerfile.
 */
package dev.baton.demo.docker;
