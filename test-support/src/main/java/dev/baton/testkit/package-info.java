package dev.baton.testkit;
