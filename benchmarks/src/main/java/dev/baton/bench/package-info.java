package dev.baton.bench;
